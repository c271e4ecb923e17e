import Statecraft
import StatecraftEngine
import Synchronization
import Testing

/// A chart whose only inspector reads steps (a journal, the live inspector) writes each step that
/// holds only its message to the step ring, as a store does; a step that also holds the events
/// the chart raised makes records, so that those events come between the step's message and its
/// state update.
@Suite("Statechart: step rings")
struct ChartStepRingTests {
  enum Light: Hashable, Sendable { case off, on }
  enum Switch: Sendable, Equatable { case flip, ping }
  struct Pings: Sendable, Equatable { var count = 0 }

  static let light = Statechart("light", initial: Light.off, context: Pings()) {
    StateNode(Light.off) { OnEvent(Switch.flip, target: .on) }
    StateNode(Light.on) {
      Entry(.raise(.ping))
      OnEvent(.ping, actions: [.assign { $0.count += 1 }])
      OnEvent(.flip, target: .off)
    }
  }

  /// Keeps the ring it is given, and the records it receives.
  final class Reader: StepReader {
    let ring = Mutex<AnyStepRing?>(nil)
    let received = Mutex<[InspectionRecord]>([])
    var bufferLimit: Int { 1_000 }

    func read(_ ring: AnyStepRing) { self.ring.withLock { $0 = ring } }
    func receive(_ record: InspectionRecord) { received.withLock { $0.append(record) } }
  }

  static func describe(_ record: InspectionRecord) -> String {
    switch record.kind {
    case .received(let message): "received \(message)"
    case .stateUpdated: "state updated"
    default: "\(record.kind)"
    }
  }

  @Test func aStepThatHoldsOnlyItsMessageGoesToTheRingAndOneWithRaisedEventsMakesRecords() async throws {
    let reader = Reader()
    let chart = withInspector(reader) { AsyncStatechartSequence(Self.light) }
    await chart.send(.flip)  // enters `on`, which raises `ping`: records
    await chart.send(.flip)  // back to `off`, nothing raised: the ring
    let ring = try #require(reader.ring.withLock { $0 })
    let fromRing = ring.drain(keepingNewest: .max).records
    let records = reader.received.withLock { $0 }.filter {
      if case .received = $0.kind { return true }
      if case .stateUpdated = $0.kind { return true }
      return false
    }
    #expect(fromRing.map(Self.describe).contains("received flip"))
    #expect(records.map(Self.describe) == ["received flip", "received ping", "state updated"])
    let merged = (fromRing + records).sorted { $0.sequence < $1.sequence }.map(Self.describe)
    #expect(
      merged.suffix(5) == ["received flip", "received ping", "state updated", "received flip", "state updated"])
  }
}
