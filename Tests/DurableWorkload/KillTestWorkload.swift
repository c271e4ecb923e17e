import Foundation
public import Statecraft
public import StatecraftJournal

/// What the multi-process kill tests run: their charts, the events each instance receives, and
/// what each instance must end as. The test process and its `durable-worker` processes share it.
public enum KillTestWorkload {
  // MARK: Tallies: 1,000 instances, 100 events each, sent in order from one process

  public enum Parity: String, Codable, Hashable, Sendable { case even, odd }

  public enum Tick: DSLCompatible, Codable, Equatable, Sendable {
    case add(Int)
    /// Every tenth event: also puts a "milestone" output in the outbox.
    case milestone(Int)
  }

  /// Order matters: `digest` differs if any two events are applied in another order.
  public struct Tally: Codable, Equatable, Sendable {
    public var count = 0
    public var digest = 0
    public init() {}
    mutating func apply(_ value: Int) {
      count += 1
      digest = digest &* 31 &+ value
    }
  }

  public static let tallyChart = Statechart<Parity, Tick, Tally>("tally", initial: .even, context: Tally()) {
    StateNode(.even) {
      OnEvent(Tick.add(_:), target: .odd) { value in [.assign { $0.apply(value) }] }
      OnEvent(Tick.milestone(_:), target: .odd) { value in [.assign { $0.apply(value) }, .output("milestone")] }
    }
    StateNode(.odd) {
      OnEvent(Tick.add(_:), target: .even) { value in [.assign { $0.apply(value) }] }
      OnEvent(Tick.milestone(_:), target: .even) { value in [.assign { $0.apply(value) }, .output("milestone")] }
    }
  }

  public static let tallySchema = SnapshotSchema<ChartSnapshot<Parity, Tick, Tally>>("tally")

  public static let instances = 1_000
  public static let eventsPerInstance = 100

  public static func instanceID(_ index: Int) -> String { "tally-\(index)" }

  public static func eventID(instance: Int, event: Int) -> String { "tally-\(instance)/\(event)" }

  /// Instance `instance`'s event number `event`: a value unique to both.
  public static func event(instance: Int, event: Int) -> Tick {
    let value = instance * 1_000 + event
    return event % 10 == 9 ? .milestone(value) : .add(value)
  }

  /// The instances worker `worker` of `workers` sends to: each instance has one sender.
  public static func instances(ofWorker worker: Int, workers: Int) -> [Int] {
    Array(stride(from: worker, to: instances, by: workers))
  }

  /// What instance `instance` must end as: the pure step function applied to its first `events`
  /// events in order.
  public static func expectedSnapshot(
    instance: Int, events: Int = eventsPerInstance
  ) -> ChartSnapshot<Parity, Tick, Tally> {
    var snapshot = tallyChart.initialTransition().snapshot
    for index in 0..<events {
      snapshot = tallyChart.transition(from: snapshot, on: event(instance: instance, event: index)).snapshot
    }
    return snapshot
  }

  // MARK: Reminders: 1,000 instances, each waiting on an `After`

  public enum Reminder: String, Codable, Hashable, Sendable { case waiting, expired }
  public enum Nudge: Codable, Equatable, Sendable { case never }

  public static let reminderDelay = Duration.seconds(3_600)

  public static let reminderChart = Statechart<Reminder, Nudge, Tally>(
    "reminder", initial: .waiting, context: Tally()
  ) {
    StateNode(.waiting) {
      After(reminderDelay, target: .expired, actions: [.output("expired")])
    }
    StateNode(final: .expired)
  }

  public static let reminderSchema = SnapshotSchema<ChartSnapshot<Reminder, Nudge, Tally>>("reminder")

  public static func reminderID(_ index: Int) -> String { "reminder-\(index)" }

  /// Where outputs' deliveries are counted: one row per delivery, duplicates included.
  public static let deliveriesTable = "CREATE TABLE IF NOT EXISTS killtest_deliveries (output_id TEXT NOT NULL)"
}
