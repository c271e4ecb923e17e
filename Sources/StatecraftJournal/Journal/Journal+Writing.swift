import StatecraftEngine
import Synchronization

// How a journal writes: the batches its queue schedules, and the writes of senders, readers and
// its release, each taking the waiting records and the ring's steps under the writer's lock.
extension Journal {
  /// Has the next step written to `ring` schedule a write, or schedules one now if it holds
  /// steps already.
  func writeAfterNextStep(of ring: AnyStepRing) {
    let waits = ring.wakeOnNextWrite { [weak journal = self as any WritingJournal] in
      journal?.scheduleBatch()
    }
    if !waits { scheduleBatch() }
  }

  /// Queues the next batch, unless one is queued already, which then takes what the caller
  /// wanted written: at once until the journal has written its start, so that its owner learns
  /// early how often to keep states; then after ``batchInterval``.
  func scheduleBatch() {
    guard !batchQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
    writes.schedule(self, after: hasStarted.load(ordering: .relaxed) ? batchInterval : .zero)
  }

  /// The queue's write: what waits, but the records of a step still under way.
  package func writeBatch() {
    // Before the write: what arrives during it queues the next batch.
    batchQueued.store(false, ordering: .releasing)
    write(.batch)
  }

  /// A sender's write, when the ring is full: everything received.
  func writeEverything() {
    write(.everything)
  }

  /// Who asked for a write, which decides what it leaves for the next.
  enum WriteRequest {
    /// The journal's queue: the records of a step under way wait for the step, which the next
    /// batch writes, so that its lines follow the step's.
    case batch
    /// A sender or a reader (a flush, a full buffer or ring): everything received.
    case everything
    /// The journal's release: everything, and no next batch.
    case last
  }

  /// Writes the records waiting and the steps of the ring, merged in sequence order; then, but
  /// for the `last`, queues the next batch if it took steps, or has the ring's next step queue it.
  func write(_ request: WriteRequest) {
    var failures: [any Error] = []
    let (ring, retired) = rings.withLock { ($0.current, $0.retired) }
    var take: RingTake?
    var tookSteps = false
    var holdsRecordsWithoutAStep = false
    storage.withLock { writer in
      // The records first, then the ring: a record a step's sender emitted after the step (an
      // effect it started) is then never taken before the step.
      var (waitingRecords, dropped) = waiting.withLock { $0.take() }
      // The buffer drops its oldest records: the gap is just before the oldest it kept, which may
      // be in the middle of a step (a chart's step records each event it raised).
      if dropped > 0, !waitingRecords.isEmpty {
        waitingRecords[waitingRecords.startIndex].droppedBefore += dropped
        dropped = 0
      }
      // Closed rings (of owners gone, or turned down while another owner's was read): all their
      // steps.
      let retiredSteps = retired.map { $0.takeSteps().steps?.records().records ?? [] }
      take = ring?.takeSteps()
      let steps = take?.steps?.records().records ?? []
      tookSteps = !steps.isEmpty
      if request == .batch, let ring, let take, !take.wasClosed {
        let cut = BatchCut(stepInFlight: take.stepInFlight, lastTaken: steps.last?.sequence)
        var later: [InspectionRecord] = []
        if let firstWaiting = cut.firstWaiting {
          later = waitingRecords.filter { $0.owner == ring.owner && $0.sequence >= firstWaiting }
          waitingRecords.removeAll { $0.owner == ring.owner && $0.sequence >= firstWaiting }
        }
        if let firstWaitingOfLate = cut.firstWaitingOfLate {
          // A step's sender may have queued its records after the first take, and ended the step
          // before the ring's: they go before the step that follows them, or wait.
          let (late, droppedLate) = waiting.withLock { $0.take() }
          dropped += droppedLate
          for record in late {
            if record.owner == ring.owner && record.sequence >= firstWaitingOfLate {
              later.append(record)
            } else {
              waitingRecords.append(record)
            }
          }
        }
        if !later.isEmpty {
          // With the count of the records dropped before them if nothing is written now.
          let droppedBefore =
            waitingRecords.isEmpty && steps.isEmpty && retiredSteps.allSatisfy(\.isEmpty) ? dropped : 0
          dropped -= droppedBefore
          waiting.withLock { $0.putBack(later, dropped: droppedBefore) }
          // No step in flight may wake the queue for them.
          if cut.firstWaiting == nil { holdsRecordsWithoutAStep = true }
        }
      } else if !steps.isEmpty || !retiredSteps.allSatisfy(\.isEmpty) {
        // Everything received: records an owner emitted before a step taken may have arrived
        // while the rings were taken (a flush from another thread), and go before that step.
        let (late, droppedLate) = waiting.withLock { $0.take() }
        dropped += droppedLate
        waitingRecords.append(contentsOf: late)
      }
      // Each ring's steps merged with its owner's records, in sequence order: every owner numbers
      // its own. The records of owners without a ring here come in the order they arrived.
      var records: [InspectionRecord] = []
      var others = waitingRecords.elementsInArray
      for (closed, closedSteps) in zip(retired, retiredSteps) {
        records += Self.merged(others.filter { $0.owner == closed.owner }, closedSteps)
        others.removeAll { $0.owner == closed.owner }
      }
      if let ring {
        let owned = others.filter { $0.owner == ring.owner }
        others.removeAll { $0.owner == ring.owner }
        records += others + Self.merged(owned, steps)
      } else {
        records += others
      }
      var lines: [String] = []
      for (index, var record) in records.enumerated() {
        if index == 0 { record.droppedBefore += dropped }
        do {
          lines += try writer.take(record, encoding: self)
        } catch {
          failures.append(error)
        }
      }
      do { try writer.flush() } catch { failures.append(error) }
      if writer.hasStarted { hasStarted.store(true, ordering: .relaxed) }
      // Under the lock: two writes (the queue's and a sender's or a flush) hand their lines to the
      // streams in the order they took their records.
      if !lines.isEmpty { streams.yield(lines) }
    }
    if !retired.isEmpty { rings.withLock { $0.forget(retired) } }
    if let ring, let take {
      ring.statesLimit.store(statesLimit.load(ordering: .relaxed), ordering: .relaxed)
      if take.wasClosed {
        // Its owner writes no step again (a take that finds the ring closed takes its last):
        // let it go.
        rings.withLock { $0.forget([ring]) }
      } else if request != .last {
        // While steps come, the queue comes back for them after the interval, and a sender
        // wakes nobody: waking the queue's thread is a system call, many times a step's cost.
        // Once a write finds no step, the ring's next step wakes the queue.
        if tookSteps { scheduleBatch() } else { writeAfterNextStep(of: ring) }
      }
    }
    if holdsRecordsWithoutAStep { scheduleBatch() }
    for error in failures {
      diagnostics.report(
        Diagnostic(
          kind: .journalFailed, message: "\(error)", source: "Journal of \(schema.definition)",
          error: error))
    }
  }

  /// `records` and `steps`, each in sequence order, merged in sequence order.
  private static func merged(
    _ records: some Collection<InspectionRecord>, _ steps: [InspectionRecord]
  ) -> [InspectionRecord] {
    guard !steps.isEmpty else { return Array(records) }
    guard !records.isEmpty else { return steps }
    var merged: [InspectionRecord] = []
    merged.reserveCapacity(records.count + steps.count)
    var record = records.startIndex
    var step = steps.startIndex
    while record != records.endIndex || step != steps.endIndex {
      if step == steps.endIndex
        || record != records.endIndex && records[record].sequence < steps[step].sequence
      {
        merged.append(records[record])
        records.formIndex(after: &record)
      } else {
        merged.append(steps[step])
        step += 1
      }
    }
    return merged
  }

}

extension Journal: JournalEncoding {
  /// A state as a JSON fragment, through the schema's type; `null` for a value of another type.
  func encodeState(_ value: InspectedValue) throws -> String {
    guard let state = value.value(as: State.self) else { return "null" }
    let encoded = try encoder.encode(state)
    statesLimit.store(
      min(bufferLimit, max(Self.fewestWaiting, Self.waitingStateBytes / max(encoded.count, 1))), ordering: .relaxed)
    return String(decoding: encoded, as: UTF8.self)
  }

  /// A message as a JSON fragment, through `Action`: `null` for a chart's step that its clock
  /// started, which replay takes at the step's time, and `nil` for a message replay cannot take
  /// (an owner's start, a value of another type).
  func encodeMessage(_ value: InspectedValue) throws -> String? {
    if let action = value.value(as: Action.self) {
      return String(decoding: try encoder.encode(action), as: UTF8.self)
    }
    if (value.value as? any ClockStartable)?.startedByClock == true { return "null" }
    return nil
  }

  /// Whether `message` is a chart's step that fired every timer due, to catch up with its clock.
  func firesEveryTimerDue(_ message: InspectedValue) -> Bool {
    (message.value as? any ClockStartable)?.firesEveryTimerDue == true
  }

  /// Whether the journal's states are a chart's snapshots.
  var stepsNeedClock: Bool { statesAreClocked }

  /// The chart's time after a chart's step, from its state, kept or not; `nil` for another state.
  func clockTime(of state: InspectedValue) -> Duration? {
    statesAreClocked ? state.clockTime : nil
  }
}
