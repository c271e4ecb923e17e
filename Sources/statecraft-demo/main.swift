/// `statecraft-demo`: runnable tours of Statecraft's front-ends.
///
///     swift run statecraft-demo            # lists the demos
///     swift run statecraft-demo search     # runs one

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let demos: [Demo] = [
  SearchDemo.demo,
  OnOffDemo.demo,
  ElevatorDemo.demo,
  ContactsDemo.demo,
]

let arguments = CommandLine.arguments.dropFirst()
if let name = arguments.first, !["-h", "--help", "help", "list"].contains(name) {
  guard let demo = demos.first(where: { $0.name == name }) else {
    print("Unknown demo '\(name)'.\n")
    Demo.printList(demos)
    exit(1)
  }
  await demo.run()
} else {
  Demo.printList(demos)
}
