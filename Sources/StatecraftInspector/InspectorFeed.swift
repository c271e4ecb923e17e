#if LiveInspector
  import DequeModule
  import StatecraftEngine

  /// The app's side of the live inspector: records wait here for the server, at most `limit` of
  /// them, the oldest dropped first and counted.
  ///
  /// The owner's thread only appends under a lock. Describing, diffing and encoding a record
  /// happen on the server's side, in ``InspectorServer``'s pump, so a slow or absent page never
  /// makes the app wait, and never makes it keep more than `limit` records.
  final class InspectorFeed: Sendable {
    struct Entry: Sendable {
      let record: InspectionRecord
      /// The journal the record also goes to, written by the pump, off the app's thread.
      let journal: JournalTap?
    }

    struct Batch: Sendable {
      var entries: Deque<Entry>
      /// How many records were dropped since the previous batch.
      var dropped: UInt64
      /// For each owner attached with a journal, how many of its records were dropped before
      /// its first record in `entries` (or its next one): its journal must say so.
      var journalDrops: [UInt64: UInt64] = [:]
    }

    private struct State {
      var entries = Deque<Entry>()
      var dropped: UInt64 = 0
      var droppedInAll: UInt64 = 0
      var journalDrops: [UInt64: UInt64] = [:]
      /// The pump, waiting for a first record.
      var waiter: CheckedContinuation<Void, Never>?
      var isFinished = false
      /// Records appended, and records the pump has handled (published or dropped).
      var appended: UInt64 = 0
      var handled: UInt64 = 0
      var settleWaiters: [(target: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let limit: Int
    private let state = CriticalState(State())

    init(limit: Int) {
      precondition(limit > 0, "The inspector keeps at least one record.")
      self.limit = limit
    }

    /// How many records were dropped since the feed was made.
    var droppedInAll: UInt64 { state.withLock { $0.droppedInAll } }

    /// How many records wait for the server now.
    var count: Int { state.withLock { $0.entries.count } }

    func append(_ entry: Entry) {
      // The lock's result is an optional class reference, not a generic tuple: this is the
      // app's hot path.
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard !state.isFinished else { return nil }
        state.appended += 1
        if state.entries.count >= limit, let oldest = state.entries.popFirst() {
          state.dropped += 1
          state.droppedInAll += 1
          if oldest.journal != nil { state.journalDrops[oldest.record.owner.id, default: 0] += 1 }
        }
        state.entries.append(entry)
        return state.waiter.take()
      }
      waiter?.resume()
    }

    /// Every record waiting, once there is at least one; `nil` once the feed is finished.
    func next() async -> Batch? {
      while true {
        let batch = state.withLock { state -> Batch?? in
          if !state.entries.isEmpty || state.dropped > 0 {
            defer {
              state.entries = Deque(minimumCapacity: min(state.entries.count, 1_024))
              state.dropped = 0
              state.journalDrops = [:]
            }
            return .some(
              Batch(entries: state.entries, dropped: state.dropped, journalDrops: state.journalDrops))
          }
          return state.isFinished ? .some(nil) : .none
        }
        if let batch { return batch }
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state in
            guard state.entries.isEmpty, state.dropped == 0, !state.isFinished else { return true }
            state.waiter = continuation
            return false
          }
          if ready { continuation.resume() }
        }
      }
    }

    /// Records that the pump has published `batch`, and wakes those that wait for it.
    func markHandled(_ batch: Batch) {
      let ready = state.withLock { state in
        state.handled += UInt64(batch.entries.count) + batch.dropped
        let handled = state.handled
        let ready = state.settleWaiters.filter { $0.target <= handled }.map(\.continuation)
        state.settleWaiters.removeAll { $0.target <= handled }
        return ready
      }
      for waiter in ready { waiter.resume() }
    }

    /// Returns once the pump has handled every record appended before the call.
    func settle() async {
      await withCheckedContinuation { continuation in
        let done = state.withLock { state in
          if state.handled >= state.appended || state.isFinished { return true }
          state.settleWaiters.append((state.appended, continuation))
          return false
        }
        if done { continuation.resume() }
      }
    }

    /// Ends the feed: the pump's ``next()`` returns `nil`, and records appended later are ignored.
    func finish() {
      let (waiter, settling) = state.withLock { state in
        state.isFinished = true
        defer { state.settleWaiters.removeAll() }
        return (state.waiter.take(), state.settleWaiters.map(\.continuation))
      }
      waiter?.resume()
      for continuation in settling { continuation.resume() }
    }
  }
#endif
