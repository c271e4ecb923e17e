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
      let skipped = max(0, batch.entries.count - limit)
      let dropped = batch.dropped + UInt64(skipped)
      appDropped += dropped
      for (index, entry) in batch.entries.enumerated() {
        entry.journal?.journal.receive(entry.record)
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
        message.diff = diff(before.value, after.value)
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

    private static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
  }
#endif
