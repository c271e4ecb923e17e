// statecraft-journal: tools for Statecraft's journals.
//
//     swift run statecraft-journal test <journal.jsonl> --reducer <expression> [--schema <expression>] [--module <name>] [--output <file.swift>]
//
// writes a Swift Testing test that replays the journal through the TestStore, every state change
// asserted. Without --output it writes the test beside the journal, named after it.

import StatecraftJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: statecraft-journal test <journal.jsonl> --reducer <expression> [--schema <expression>] [--module <name>] [--output <file.swift>]

  Writes a Swift Testing test that replays the journal through the TestStore, with every state
  change asserted. Put it, and the journal, in a test target that can import the feature.
  """

/// Writes `message` to standard error, and exits with a failure.
func fail(_ message: String) -> Never {
  let bytes = Array((message + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "test", arguments.count >= 2 else { fail(usage) }
let journalPath = arguments[1]
var options: [String: String] = [:]
var index = 2
while index < arguments.count {
  let name = arguments[index]
  guard ["--reducer", "--schema", "--module", "--output"].contains(name), index + 1 < arguments.count else {
    fail("unknown or incomplete option \(name)\n\n" + usage)
  }
  options[name] = arguments[index + 1]
  index += 2
}
guard let reducer = options["--reducer"] else {
  fail("--reducer is required: the reducer to replay onto, such as todosReducer.\n\n" + usage)
}
do {
  let source = try JournalTestSource.make(
    journalPath: journalPath, reducer: reducer, schema: options["--schema"], module: options["--module"])
  let stem = journalPath.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "Journal"
  let directory = journalPath.contains("/") ? String(journalPath[..<journalPath.lastIndex(of: "/")!]) : "."
  let typeName = stem.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  let output = options["--output"] ?? "\(directory)/\(typeName)JournalTests.swift"
  try Data(source.utf8).write(to: URL(filePath: output))
  print("Wrote \(output): it replays \(journalPath) through the TestStore.")
} catch {
  fail("\(error)")
}
