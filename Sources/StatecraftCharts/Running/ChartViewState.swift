public import Observation

/// A running chart for a user interface: an observable snapshot on the main actor.
///
/// ```swift
/// enum Player: Hashable, Sendable, Codable { case paused, playing }
/// enum PlayerEvent: Hashable, Sendable, Codable { case play, pause }
/// struct PlayerContext: Hashable, Sendable, Codable { var track = "So What" }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .paused, context: PlayerContext()) {
///     StateNode(.paused) { OnEvent(.play, target: .playing) }
///     StateNode(.playing) {
///       Entry(.output("startAudio"))
///       Exit(.output("stopAudio"))
///       OnEvent(.pause, target: .paused)
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let sequence = AsyncStatechartSequence(Charts.player) { output, _ in print(output) }
/// let player = ChartViewState(sequence)
/// let following = Task { await player.start() }   // follows the chart until done or cancelled
/// await player.send(.play)
/// print(sequence.isIn(.playing))   // true; player.isIn(.playing) follows once start() gets it
/// following.cancel()
/// ```
///
/// In SwiftUI:
///
/// ```swift
/// import SwiftUI
///
/// struct PlayerView: View {
///   let player: ChartViewState<Player, PlayerEvent, PlayerContext>
///
///   var body: some View {
///     VStack {
///       Text(player.isIn(.playing) ? "Playing" : "Paused")
///       Button("Play") { Task { await player.send(.play) } }
///     }
///     .task { await player.start() }
///   }
/// }
/// ```
///
/// `snapshot` follows the chart while ``start()`` runs. Observe it with SwiftUI or
/// `withObservationTracking`; no Combine.
@MainActor
public final class ChartViewState<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Observable {
  private let sequence: AsyncStatechartSequence<ID, Event, Context>
  private var published: ChartSnapshot<ID, Event, Context>
  private let registrar = ObservationRegistrar()

  /// Wraps a running chart.
  public init(_ sequence: AsyncStatechartSequence<ID, Event, Context>) {
    self.sequence = sequence
    self.published = sequence.snapshot
  }

  /// The chart's snapshot, as of the last one ``start()`` received.
  public var snapshot: ChartSnapshot<ID, Event, Context> {
    registrar.access(self, keyPath: \.snapshot)
    return published
  }

  /// The chart's context.
  public var context: Context { snapshot.context }

  /// Whether the state `id` is active.
  public func isIn(_ id: ID) -> Bool { snapshot.isIn(id) }

  /// Follows the chart's snapshots until the chart is done or the calling task is cancelled. Call it
  /// from SwiftUI's `.task { await player.start() }`.
  public func start() async {
    for await snapshot in sequence {
      registrar.withMutation(of: self, keyPath: \.snapshot) { published = snapshot }
    }
  }

  /// Sends an event, and returns once the chart has processed it.
  public func send(
    _ event: Event,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
