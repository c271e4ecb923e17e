// One OS process of the journal crash test (JournalCrashTests): records a counter store's steps
// in a journal file, flushes after the first `flushed-steps` and says so, then sends steps until
// the test kills it with SIGKILL, while the journal writes them.
//
//     journal-recorder <path> <flushed-steps>
import Foundation
import StatecraftJournal

struct Counter: Codable, Equatable {
  var count = 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let flushedSteps = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: journal-recorder <path> <flushed-steps>\n".utf8))
  exit(2)
}
let adding = Reduce<Counter, Int> { state, step in
  state.count += step
  return .none
}
let journal = try Journal(
  schema: SnapshotSchema<Counter>("counter"), action: Int.self, to: .file(arguments[1]))
let store = Store(initialState: Counter(), reducer: adding)
store.attach(journal)
for _ in 0..<flushedSteps { store.send(1) }
journal.flush()
FileHandle.standardOutput.write(Data("flushed \(flushedSteps)\n".utf8))
while true { store.send(1) }
