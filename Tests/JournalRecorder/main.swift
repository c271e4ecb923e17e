// One OS process of the journal crash tests (JournalCrashTests): records a counter store's steps
// in a journal file, flushes after the first `flushed-steps` and says so, then sends steps until
// the test kills it with SIGKILL, while the journal writes them. With `idle`, it sends 1,000 steps
// more instead, waits until its journal's queue has written them (no flush), says so, and idles
// until it is killed.
//
//     journal-recorder <path> <flushed-steps> [idle]
import Foundation
import StatecraftJournal

struct Counter: Codable, Equatable {
  var count = 0
}

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let flushedSteps = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: journal-recorder <path> <flushed-steps> [idle]\n".utf8))
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
guard arguments.count == 4 else {
  while true { store.send(1) }
}
let lines = journal.makeLineStream()
for _ in 0..<1_000 { store.send(1) }
let last = flushedSteps + 1_000
for await line in lines where line.contains(#""type":"step","step":\#(last),"#) { break }
FileHandle.standardOutput.write(Data("written \(last)\n".utf8))
while true { sleep(60) }
