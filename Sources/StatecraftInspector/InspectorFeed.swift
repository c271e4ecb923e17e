#if LiveInspector
  import DequeModule
  import StatecraftEngine

  /// The app's side of the live inspector: records wait here for the server, at most `limit` of
  /// them, the oldest dropped first and counted; and the step rings of the stores it inspects,
  /// each keeping at most `limit` steps.
  ///
  /// The owner's thread only appends under a lock, or writes a step to its ring. Describing,
  /// diffing and encoding a record happen on the server's side, in ``InspectorServer``'s pump, so
  /// a slow or absent page never makes the app wait, and never makes it keep more than `limit`
  /// records (and, for each store, `limit` steps).
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
      /// The settle requests this batch answers: those made before it was taken.
      var settles: UInt64 = 0
      /// Whether it holds steps drained from rings: the pump then waits a little before the
      /// next drain, so that a busy store's ring fills between drains rather than waking the
      /// pump at every step.
      var hasSteps = false
    }

    /// A store's ring of steps, and the journal its steps also go to.
    struct Ring: Sendable {
      let ring: AnyStepRing
      let journal: JournalTap?
      /// When the pump last took it, and how many steps a second its owner ran between that take
      /// and the one before: what decides whether it skips steps during the pump's pause.
      var lastTake: ContinuousClock.Instant?
      var stepsPerSecond: Double = 0
    }

    private struct State {
      var entries = Deque<Entry>()
      /// Records numbered during a step that its ring did not hold yet at the last take: the next
      /// batch takes them before `entries`, with the step.
      var heldBack: [Entry] = []
      var rings: [Ring] = []
      /// How many steps the rings without a journal keep (``keepNewestSteps(_:)``).
      var stepLimit = Int.max
      var dropped: UInt64 = 0
      var droppedInAll: UInt64 = 0
      var journalDrops: [UInt64: UInt64] = [:]
      /// The pump, waiting for a first record.
      var waiter: CheckedContinuation<Void, Never>?
      var isFinished = false
      /// Whether a ring was written, or a settle asked for, since the pump last looked.
      var isWoken = false
      /// Records appended, and records the pump has handled (published or dropped).
      var appended: UInt64 = 0
      var handled: UInt64 = 0
      /// Settles asked for, and those a batch answered.
      var settlesAsked: UInt64 = 0
      var settlesAnswered: UInt64 = 0
      var settleWaiters: [SettleWaiter] = []
    }

    /// A caller of ``settle()``: it returns once `target` records are handled and a batch taken
    /// after its request (`ticket`) is published.
    private struct SettleWaiter {
      let target: UInt64
      let ticket: UInt64
      let continuation: CheckedContinuation<Void, Never>
    }

    let limit: Int
    private let state = CriticalState(State())
    /// The time of a take, from which the rings' step rates are measured: the continuous clock's,
    /// or a test's.
    private let now: @Sendable () -> ContinuousClock.Instant

    init(limit: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
      precondition(limit > 0, "The inspector keeps at least one record.")
      self.limit = limit
      self.now = now
    }

    /// How many records were dropped since the feed was made.
    var droppedInAll: UInt64 { state.withLock { $0.droppedInAll } }

    /// How many records wait for the server now.
    var count: Int { state.withLock { $0.heldBack.count + $0.entries.count } }

    func append(_ entry: Entry) {
      // The lock's result is an optional class reference, not a generic tuple: this is the
      // app's hot path.
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard !state.isFinished else { return nil }
        state.appended += 1
        if state.heldBack.count + state.entries.count >= limit,
          let oldest = state.heldBack.isEmpty ? state.entries.popFirst() : state.heldBack.removeFirst()
        {
          state.dropped += 1
          state.droppedInAll += 1
          if oldest.journal != nil { state.journalDrops[oldest.record.owner.id, default: 0] += 1 }
        }
        state.entries.append(entry)
        return state.waiter.take()
      }
      waiter?.resume()
    }

    /// Takes a store's ring: the pump drains it with the records.
    func adopt(_ ring: AnyStepRing, journal: JournalTap?) {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard !state.isFinished else {
          // The server stopped: the store writes no steps for it.
          ring.closeForOwner()
          return nil
        }
        if journal == nil { ring.stepLimit.store(state.stepLimit, ordering: .relaxed) }
        state.rings.append(Ring(ring: ring, journal: journal))
        return Self.wake(&state)
      }
      waiter?.resume()
    }

    /// Has the rings whose steps no journal takes keep at most their newest `limit` steps, the
    /// others overwritten and counted as dropped, from the first write after their next take:
    /// before it pauses, the pump sets it to what its next batch will describe, so that a busy
    /// store overwrites a few steps in room that stays in its processor's cache rather than cycle
    /// through `limit` steps of room.
    func keepNewestSteps(_ limit: Int) {
      state.withLock { state in
        state.stepLimit = limit
        for ring in state.rings where ring.journal == nil {
          ring.ring.stepLimit.store(limit, ordering: .relaxed)
        }
      }
    }

    /// Has the rings without a journal whose owners ran their steps faster than the pump
    /// describes them skip their steps (``AnyStepRing/skipsSteps``) until ``recordSteps()``:
    /// before a `pause` after which the pump describes at most the newest `limit` steps of each.
    /// Returns how long before its next take the pump must have them record again, so that they
    /// then hold their newest steps; `nil` if none skips.
    func skipSteps(during pause: Duration, keepingNewest limit: Int) -> Duration? {
      state.withLock { state in
        var longest: Duration?
        for ring in state.rings where ring.journal == nil {
          guard
            let window = Self.recordingWindow(
              stepsPerSecond: ring.stepsPerSecond, pause: pause, keepingNewest: limit)
          else { continue }
          ring.ring.skipsSteps.store(true, ordering: .relaxed)
          longest = max(longest ?? .zero, window)
        }
        return longest
      }
    }

    /// Has every ring record its steps again.
    func recordSteps() {
      state.withLock { state in
        for ring in state.rings { ring.ring.skipsSteps.store(false, ordering: .relaxed) }
      }
    }

    /// How long an owner that runs `stepsPerSecond` steps must record them to hold its newest
    /// `limit` at the end of a `pause`: the time 4 times `limit` steps take, a margin for a rate
    /// that falls. `nil` if it would run fewer than 8 times `limit` steps in the pause, too few to
    /// be worth skipping: so the window is at most half the pause. At least a 25th of it, which
    /// sleeps keep to.
    static func recordingWindow(stepsPerSecond: Double, pause: Duration, keepingNewest limit: Int) -> Duration? {
      let limit = Double(max(1, limit))
      let seconds = Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18
      guard stepsPerSecond * seconds >= 8 * limit else { return nil }
      let window = Duration.nanoseconds(Int64((4 * limit * 1e9 / stepsPerSecond).rounded()))
      return max(window, pause / 25)
    }

    /// Wakes the pump: a ring was written, or a settle asked for.
    private func wake() {
      state.withLock { Self.wake(&$0) }?.resume()
    }

    private static func wake(_ state: inout State) -> CheckedContinuation<Void, Never>? {
      state.isWoken = true
      return state.waiter.take()
    }

    /// Every record waiting, and every step the rings hold, once there is at least one (or a
    /// settle asks); `nil` once the feed is finished.
    ///
    /// - Parameters:
    ///   - stepLimit: How many of a ring's newest steps to take, when no journal takes its steps:
    ///     the older ones are counted as dropped without being boxed, since the pump would not
    ///     describe them.
    ///   - ringStepLimit: How many steps the rings without a journal keep from the call on
    ///     (``keepNewestSteps(_:)``): at least what a batch taken at any moment would describe, as
    ///     the call may wait for the next step for any time. `nil` leaves the rings' limit as it is.
    func next(
      keepingNewestSteps stepLimit: () -> Int = { .max }, ringStepLimit: Int? = nil
    ) async -> Batch? {
      if let ringStepLimit { keepNewestSteps(ringStepLimit) }
      recordSteps()
      while true {
        guard let (taken, rings) = take() else { return nil }
        var batch = taken
        box(rings, into: &batch, keepingNewest: stepLimit())
        if !batch.entries.isEmpty || batch.dropped > 0 || batch.settles > answeredSettles {
          return batch
        }
        // Each ring wakes the pump at its next write, unless it holds steps already.
        let open = rings.map(\.ring).filter { !$0.ring.isClosed }
        if open.contains(where: { $0.ring.holdsUnreportedSkips }), !Task.isCancelled {
          // A step held the state of an owner whose steps were skipped: it ends soon.
          try? await Task.sleep(for: .milliseconds(1))
          continue
        }
        if !open.isEmpty {
          let wake: @Sendable () -> Void = { [weak self] in self?.wake() }
          if open.contains(where: { !$0.ring.wakeOnNextWrite(wake) }) { continue }
        }
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state in
            guard state.entries.isEmpty, state.dropped == 0, !state.isFinished, !state.isWoken
            else { return true }
            state.waiter = continuation
            return false
          }
          if ready { continuation.resume() }
        }
      }
    }

    /// A ring's steps taken, not yet boxed.
    struct TakenRing: Sendable {
      let ring: Ring
      let take: RingTake

      /// The first sequence number of the owner's step under way that the take did not take, if
      /// any: its records numbered from there wait for it. None once the owner stopped writing to
      /// the ring: a step under way then makes its records.
      var stepInFlight: UInt64? { take.wasClosed ? nil : take.stepInFlight }
    }

    /// Every record waiting, then the steps of every ring; `nil` once the feed is finished.
    ///
    /// From the pump's thread, whichever threads the owners' steps run on. The records are taken
    /// first, then the rings: a record an owner emitted after its step (an effect it started) is
    /// then never taken without the step. Then the records that arrived meanwhile but go before a
    /// step taken. A record numbered during a step that its ring does not hold yet (a machine's
    /// step that suspends, a diagnostic its reducer caused) waits for the next batch, which takes
    /// it with the step.
    func take() -> (Batch, [TakenRing])? {
      let taken = state.withLock { state -> (Batch, [Ring])? in
        if state.isFinished { return nil }
        defer {
          if !state.entries.isEmpty {
            state.entries = Deque(minimumCapacity: min(state.entries.count, 1_024))
          }
          state.heldBack = []
          state.dropped = 0
          state.journalDrops = [:]
          state.isWoken = false
        }
        var entries = state.entries
        if !state.heldBack.isEmpty { entries.insert(contentsOf: state.heldBack, at: 0) }
        return (
          Batch(
            entries: entries, dropped: state.dropped, journalDrops: state.journalDrops,
            settles: state.settlesAsked),
          state.rings
        )
      }
      guard let (taken, rings) = taken else { return nil }
      var batch = taken
      let takenRings = rings.map { TakenRing(ring: $0, take: $0.ring.takeSteps()) }
      takeLate(before: takenRings, into: &batch)
      let inFlight = Dictionary(
        takenRings.compactMap { taken in taken.stepInFlight.map { (taken.ring.ring.owner.id, $0) } },
        uniquingKeysWith: min)
      if !inFlight.isEmpty {
        let waits = { (entry: Entry) in
          inFlight[entry.record.owner.id].map { entry.record.sequence >= $0 } ?? false
        }
        let later = batch.entries.filter(waits)
        if !later.isEmpty {
          batch.entries.removeAll(where: waits)
          state.withLock { $0.heldBack = later.elementsInArray }
        }
      }
      return (batch, takenRings)
    }

    /// Moves into `batch` the records appended while the rings were taken that go before a step
    /// taken: an owner's records numbered before its newest step taken (an effect's end, emitted
    /// on another thread during that step or before it). Left for the next batch, they would
    /// reach the page after the step. Records dropped meanwhile were older than these, and the
    /// batch counts them.
    ///
    /// A record another thread numbered before a step but hands over only after this take still
    /// comes in the next batch. Only an effect's or a diagnostic's record can: an owner's steps
    /// run one at a time, and their records are numbered and handed over in order.
    private func takeLate(before rings: [TakenRing], into batch: inout Batch) {
      let lastTaken = Dictionary(
        rings.compactMap { taken in taken.take.lastSequence.map { (taken.ring.ring.owner.id, $0) } },
        uniquingKeysWith: max)
      guard !lastTaken.isEmpty else { return }
      let isLate = { (entry: Entry) in
        lastTaken[entry.record.owner.id].map { entry.record.sequence < $0 } ?? false
      }
      // Under the lock the app's appends take: one pass over what arrived since the first take.
      let taken = state.withLock { state -> (late: Deque<Entry>, dropped: UInt64, journalDrops: [UInt64: UInt64])? in
        guard let first = state.entries.firstIndex(where: isLate) else { return nil }
        var late = Deque<Entry>()
        var kept = Deque(state.entries[..<first])
        for entry in state.entries[first...] {
          if isLate(entry) { late.append(entry) } else { kept.append(entry) }
        }
        state.entries = kept
        defer {
          state.dropped = 0
          state.journalDrops = [:]
        }
        return (late, state.dropped, state.journalDrops)
      }
      guard let taken else { return }
      batch.entries.append(contentsOf: taken.late)
      batch.dropped += taken.dropped
      batch.journalDrops.merge(taken.journalDrops, uniquingKeysWith: +)
    }

    private var answeredSettles: UInt64 { state.withLock { $0.settlesAnswered } }

    /// Boxes the rings' steps and adds them to `batch`, merged with its records: each owner's in
    /// sequence order, the owners' in time order. Forgets the rings whose store is gone once
    /// they are empty.
    private func box(_ rings: [TakenRing], into batch: inout Batch, keepingNewest stepLimit: Int) {
      guard !rings.isEmpty else { return }
      var steps: [Entry] = []
      var drained: UInt64 = 0
      var ringDropped: UInt64 = 0
      var closedAndEmpty: [ObjectIdentifier] = []
      // How many steps each owner ran since the previous take: those taken, and those skipped,
      // overwritten or left out.
      var stepsRun: [ObjectIdentifier: UInt64] = [:]
      for taken in rings {
        let ring = taken.ring.ring
        var ran: UInt64 = 0
        if let takenSteps = taken.take.steps {
          // Steps the ring skipped or overwrote are counted by the first record after them
          // (`droppedBefore`), which the pump tells the page and the journal about.
          // A journal keeps every step the ring kept.
          let drainedSteps = takenSteps.records(
            keepingNewest: taken.ring.journal == nil ? stepLimit : .max)
          drained += UInt64(drainedSteps.records.count)
          ringDropped += 2 * drainedSteps.dropped
          ran = UInt64(drainedSteps.records.count / 2) + drainedSteps.dropped
          steps.append(contentsOf: drainedSteps.records.map { Entry(record: $0, journal: taken.ring.journal) })
        } else if taken.take.wasClosed {
          closedAndEmpty.append(ObjectIdentifier(ring))
        }
        // Steps skipped after the last one taken: the owner's state now shows where they led.
        switch ring.reportSkippedSteps(until: taken.take.skippedSteps) {
        case .stateAfter(let record)?:
          drained += 1
          ringDropped += record.droppedBefore
          ran += record.droppedBefore / 2
          steps.append(Entry(record: record, journal: taken.ring.journal))
        case .dropped(let skipped)?:
          drained += 2 * skipped
          ringDropped += 2 * skipped
          batch.dropped += 2 * skipped
          ran += skipped
        case nil:
          break
        }
        stepsRun[ObjectIdentifier(ring)] = ran
      }
      let now = now()
      state.withLock { state in
        state.appended += drained
        state.droppedInAll += ringDropped
        state.rings.removeAll { closedAndEmpty.contains(ObjectIdentifier($0.ring)) }
        for index in state.rings.indices {
          let ran = stepsRun[ObjectIdentifier(state.rings[index].ring)] ?? 0
          if let last = state.rings[index].lastTake {
            let elapsed = last.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            state.rings[index].stepsPerSecond = seconds > 0 ? Double(ran) / seconds : 0
          }
          state.rings[index].lastTake = now
        }
      }
      guard !steps.isEmpty else { return }
      batch.hasSteps = true
      batch.entries = Self.merge(batch.entries.elementsInArray + steps)
    }

    /// `entries` in the order they happened: each owner's in sequence order (a step's two records
    /// share its time; a record the step emitted comes after them), the owners interleaved by
    /// time.
    static func merge(_ entries: [Entry]) -> Deque<Entry> {
      var byOwner: [UInt64: [Entry]] = [:]
      for entry in entries { byOwner[entry.record.owner.id, default: []].append(entry) }
      var queues = byOwner.values.map { entries in
        entries.sorted { $0.record.sequence < $1.record.sequence }[...]
      }
      if queues.count == 1 { return Deque(queues[0]) }
      var merged = Deque<Entry>()
      merged.reserveCapacity(entries.count)
      while true {
        var earliest: Int?
        for index in queues.indices {
          guard let head = queues[index].first else { continue }
          if let current = earliest, queues[current].first!.record.time <= head.record.time {
            continue
          }
          earliest = index
        }
        guard let earliest else { return merged }
        merged.append(queues[earliest].removeFirst())
      }
    }

    /// Records that the pump has published `batch`, and wakes those that wait for it.
    func markHandled(_ batch: Batch) {
      let ready = state.withLock { state in
        state.handled += UInt64(batch.entries.count) + batch.dropped
        state.settlesAnswered = max(state.settlesAnswered, batch.settles)
        let (handled, answered) = (state.handled, state.settlesAnswered)
        let isReady = { (waiter: SettleWaiter) in
          waiter.target <= handled && waiter.ticket <= answered
        }
        let ready = state.settleWaiters.filter(isReady).map(\.continuation)
        state.settleWaiters.removeAll(where: isReady)
        return ready
      }
      for waiter in ready { waiter.resume() }
    }

    /// Returns once the pump has handled every record appended before the call, and every step
    /// the rings held then.
    func settle() async {
      await withCheckedContinuation { continuation in
        let (done, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
          if state.isFinished { return (true, nil) }
          if state.rings.isEmpty, state.handled >= state.appended { return (true, nil) }
          state.settlesAsked += 1
          state.settleWaiters.append(
            SettleWaiter(target: state.appended, ticket: state.settlesAsked, continuation: continuation))
          return (false, Self.wake(&state))
        }
        waiter?.resume()
        if done { continuation.resume() }
      }
    }

    /// Ends the feed: the pump's ``next()`` returns `nil`, and records appended later are ignored.
    func finish() {
      let (waiter, settling) = state.withLock { state in
        state.isFinished = true
        // Stores stop writing steps that nobody will read.
        for ring in state.rings { ring.ring.closeForOwner() }
        defer { state.settleWaiters.removeAll() }
        return (state.waiter.take(), state.settleWaiters.map(\.continuation))
      }
      waiter?.resume()
      for continuation in settling { continuation.resume() }
    }
  }
#endif
