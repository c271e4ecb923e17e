/// `statecraft-demo`: runnable tours of Statecraft's front-ends.
///
///     swift run statecraft-demo            # a short tour of the front-ends, then the demos
///     swift run statecraft-demo list       # lists the demos
///     swift run statecraft-demo search     # runs one
///     swift run statecraft-demo player --mermaid   # prints a demo's statechart
///     swift run --traits LiveInspector statecraft-demo player --inspect   # with the live inspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if Durable
  let durableDemos = [OrdersDemo.demo]
#else
  let durableDemos = [Demo.needingTrait("Durable", name: "orders", summary: "durable charts in SQLite")]
#endif

let demos: [Demo] =
  [
    SearchDemo.demo,
    OnOffDemo.demo,
    ElevatorDemo.demo,
    ContactsDemo.demo,
    PlayerDemo.demo,
    TodosDemo.demo,
    JournalDemo.demo,
  ] + durableDemos

var arguments = CommandLine.arguments.dropFirst()
let inspect = arguments.contains("--inspect")
arguments.removeAll { $0 == "--inspect" }
if let name = arguments.first, !["-h", "--help", "help", "list"].contains(name) {
  guard let demo = demos.first(where: { $0.name == name }) else {
    print("Unknown demo '\(name)'.\n")
    Demo.printList(demos)
    exit(1)
  }
  if let format = arguments.dropFirst().first, !demo.options.contains(format) {
    guard let chart = demo.chart, ["--mermaid", "--dot"].contains(format) else {
      print("'\(format)' is not an option of '\(name)'; charts take --mermaid or --dot.")
      exit(1)
    }
    print(format == "--mermaid" ? chart.mermaid() : chart.dot(), terminator: "")
  } else if inspect {
    await InspectedDemo.run(demo)
  } else {
    await demo.run()
  }
} else if arguments.isEmpty {
  await Tour.run()
  Demo.printList(demos)
} else {
  Demo.printList(demos)
}
