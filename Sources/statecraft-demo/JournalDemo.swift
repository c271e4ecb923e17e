import CounterFeature
import StatecraftJournal

/// `statecraft-demo journal`: a counter session recorded in a journal file, snapshotted and
/// restored, replayed, travelled through, and the command that turns the journal into a test.
enum JournalDemo {
  static let demo = Demo(
    name: "journal",
    summary: "snapshots and journals: record a session, replay it, travel through it, test it"
  ) {
    await run()
  }

  @MainActor
  static func run() async {
    let path = "/tmp/statecraft-demo-counter.jsonl"
    do {
      // Record: a journal attached to a store writes each step as it happens. A journal writes a
      // whole state every so often, a keyframe; this one writes one at every step, so that replay
      // checks every state.
      let journal = try Journal(
        schema: counterSchema, action: CounterAction.self, to: .file(path), keyframes: .everyStep)
      let store = Store(initialState: Counter(), reducer: counterReducer)
      store.attach(journal)
      for action in [CounterAction.increment, .increment, .decrement, .increment, .reset, .increment] {
        await store.send(action).finish()
        print("send \(action) → count \(store.state.count)")
      }

      journal.flush()  // the journal writes on a queue of its own: write what it received
      print("\nThe journal, \(path):")
      let recording = try JournalRecording(contentsOf: path, schema: counterSchema, action: CounterAction.self)
      for number in recording.steps {
        let step = try recording.step(number)
        print("  step \(number): \(step.action.map { "\($0)" } ?? "?") → \(step.state.history)")
      }

      // Snapshot: the state, versioned, and a store made from it.
      let snapshot = try store.snapshot(counterSchema)
      print("\nSnapshot: \(String(decoding: snapshot, as: UTF8.self))")
      let restored = try Store(restoring: snapshot, schema: counterSchema, reducer: counterReducer)
      print("Restored store: count \(restored.state.count)")
      do {
        _ = try Store(restoring: Data(snapshot.dropLast(10)), schema: counterSchema, reducer: counterReducer)
      } catch {
        print("A truncated snapshot is refused: \(error)")
      }

      // Replay: the reducer is pure, so every recorded state comes back.
      print("\nReplayed \(try recording.replay(counterReducer)) steps: every state reproduced.")
      let changed = Reduce<Counter, CounterAction> { state, action in
        if action == .reset { state.count = 100; state.history.append(100); return .none }
        return counterReducer(&state, action)
      }
      do {
        try recording.replay(changed)
      } catch {
        print("Replayed onto a reducer whose reset changed:\n\(error)")
      }

      // Time travel: any step, forwards and backwards.
      var timeline = try JournalTimeline(recording)
      try timeline.move(to: 4)
      print("\nTime travel: after step 4, count \(timeline.state.count)")
      try timeline.back()
      print("Back one step: after step 3, count \(timeline.state.count)")

      print(
        """

        Turn the journal into a Swift Testing test that replays it through the TestStore:
          swift run statecraft-journal test \(path) --reducer counterReducer --schema counterSchema
        """)
    } catch {
      print("The journal demo failed: \(error)")
    }
  }
}
