#if LiveInspector
  import CustomDump
  import Foundation
  import Statecraft
  import StatecraftEngine

  /// Turns records into the page's messages: describes actions and states with CustomDump, diffs
  /// each state with the one before, and finds a chart's outline and active states. It runs in the
  /// server's pump, never on the app's thread, and is owned by it alone.
  struct InspectorFormatter {
    private let start: ContinuousClock.Instant
    private var lastNumber: UInt64 = 0
    /// Owners already announced, and whether their chart outline was sent.
    private var owners: [UInt64: Bool] = [:]
    private var appDropped: UInt64 = 0
    private var journalDrops: [UInt64: UInt64] = [:]
    private let encoder: JSONEncoder = {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
      return encoder
    }()

    init(start: ContinuousClock.Instant) {
      self.start = start
    }

    /// The lines for a batch of records, each with the owner it belongs to (`nil` for the
    /// server's own messages), numbered in order.
    ///
    /// Only the newest `limit` records are described; the older ones are counted as dropped, but
    /// still go to their journals.
    mutating func lines(
      for batch: InspectorFeed.Batch, describingAtMost limit: Int, hub: InspectorHub
    ) -> [InspectorHub.Line] {
      var messages: [InspectorMessage] = []
      // Skip whole steps: start describing at a step's first record, not between a step's
      // action and its state.
      var skipped = max(0, batch.entries.count - limit)
      while skipped > 0, skipped < batch.entries.count,
        !Self.startsAStep(batch.entries[skipped].record, after: batch.entries[skipped - 1].record)
      {
        skipped += 1
      }
      let dropped = batch.dropped + UInt64(skipped)
      appDropped += dropped
      // Drops not yet told to a journal: the first record of the owner after them says how many,
      // so that the journal writes a `dropped` line there, where replay stops.
      journalDrops.merge(batch.journalDrops, uniquingKeysWith: +)
      for (index, entry) in batch.entries.enumerated() {
        if let journal = entry.journal {
          var record = entry.record
          if let dropped = journalDrops.removeValue(forKey: record.owner.id) {
            record.droppedBefore += dropped
          }
          journal.journal.receive(record)
        }
        appDropped += entry.record.droppedBefore
        let owner = entry.record.owner
        if owners[owner.id] == nil {
          owners[owner.id] = false
          if let journal = entry.journal { hub.setJournal(journal, for: owner.id) }
          messages.append(
            InspectorMessage(
              kind: .owner, owner: owner.id, name: owner.description, site: "\(owner.callSite)"))
        }
        guard index >= skipped else { continue }
        messages.append(contentsOf: describe(entry.record))
      }
      if dropped > 0 || batch.entries.contains(where: { $0.record.droppedBefore > 0 }) {
        messages.append(InspectorMessage(kind: .dropped, status: "app", count: appDropped))
      }
      return messages.map { message in
        var message = message
        lastNumber += 1
        message.number = lastNumber
        let line = (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return InspectorHub.Line(
          number: lastNumber, owner: message.owner, isOwner: message.kind == .owner, text: line)
      }
    }

    private mutating func describe(_ record: InspectionRecord) -> [InspectorMessage] {
      var message = InspectorMessage(
        kind: .received, owner: record.owner.id, sequence: record.sequence,
        time: Self.seconds(record.time - start), site: record.callSite.map { "\($0)" })
      switch record.kind {
      case .received(let value):
        message.text = String(customDumping: value.value)
      case .stateUpdated(let before, let after):
        message.kind = .state
        // No state before: the state an owner's skipped steps led to (see `AnyStepRing`).
        message.diff = before.isKept ? diff(before.value, after.value) : nil
        message.state = String(customDumping: after.value)
        if let chart = after.value as? any InspectableChartSnapshot {
          message.active = chart.inspectedActiveStates
          if owners[record.owner.id] == false, let outline = chart.inspectedOutline {
            owners[record.owner.id] = true
            let announcement = InspectorMessage(
              kind: .owner, owner: record.owner.id, name: record.owner.description,
              outline: outline, site: "\(record.owner.callSite)")
            return [announcement, message]
          }
        }
      case .effectStarted(let effect), .effectFinished(let effect), .effectCancelled(let effect):
        message.kind = .effect
        message.effect = effect.number
        message.text = effect.id.map { "\($0.base)" }
        message.site = effect.callSite.map { "\($0)" }
        message.status =
          switch record.kind {
          case .effectStarted: "started"
          case .effectFinished: "finished"
          default: "cancelled"
          }
      case .diagnostic(let diagnostic):
        message.kind = .diagnostic
        message.text = "[\(diagnostic.kind)] \(diagnostic.message)"
        message.site = diagnostic.callSite.map { "\($0)" }
      }
      return [message]
    }

    /// Whether `record` is a step's first: a message received after anything but another one (a
    /// chart's later messages of a step follow its first).
    private static func startsAStep(_ record: InspectionRecord, after previous: InspectionRecord) -> Bool {
      guard case .received = record.kind else { return false }
      if case .received = previous.kind { return false }
      return true
    }

    private static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
  }
#endif
