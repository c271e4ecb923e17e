/// Work that runs while its state is active (XState's `invoke`, SCXML's `<invoke>`): it starts
/// when the state has been entered, at the end of the macrostep, and is cancelled when the state
/// exits. Nothing it sends after it was cancelled is delivered.
///
/// ```swift
/// enum Player: Hashable, Sendable { case loading, ready, failed, listening }
/// enum PlayerEvent: DSLCompatible, Hashable { case loaded([String]), loadFailed, remote(String) }
/// struct PlayerContext: Hashable, Sendable { var playlist = "favourites"; var tracks: [String] = [] }
///
/// struct TracksAPI: Sendable {
///   func tracks(for playlist: String) async throws -> [String] { ["So What", "Blue in Green"] }
/// }
///
/// func remoteCommands() -> AsyncStream<PlayerEvent> {
///   AsyncStream { continuation in continuation.yield(.remote("play")) }
/// }
///
/// enum Charts {
///   static let api = TracksAPI()
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .loading, context: PlayerContext()) {
///     StateNode(.loading) {
///       Invoke("fetch", run: { context in
///         .loaded(try await api.tracks(for: context.playlist))     // its done event
///       }, onError: { _ in .loadFailed })
///       OnEvent(PlayerEvent.loaded(_:), target: .ready) { tracks in [.assign { $0.tracks = tracks }] }
///       OnEvent(.loadFailed, target: .failed)
///     }
///     StateNode(.ready) { OnEvent(.remote("listen"), target: .listening) }
///     StateNode(.listening) {
///       Invoke("remote", events: { _ in remoteCommands() })        // an AsyncSequence of events
///     }
///     StateNode(.failed)
///   }
/// }
/// ```
///
/// The chart's definition holds the work as a closure, but runs nothing: the pure step function
/// returns `startInvocation` and `cancelInvocation` effects, and the running chart
/// (``AsyncStatechartSequence``) runs them.
public struct Invoke<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let invocation: ChartInvocation<ID, Event, Context>

  /// Runs `operation` with the context at the end of the macrostep that entered the state, when
  /// SCXML starts invocations. The event it returns,
  /// if any, is its done event; an error it throws becomes the event `onError` makes, or a
  /// diagnostic without one.
  public init(
    _ name: String? = nil,
    run operation: @escaping @Sendable (Context) async throws -> Event?,
    onError: (@Sendable (any Error) -> Event?)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    invocation = ChartInvocation(
      name: name, run: { context, _ in try await operation(context) }, onError: onError,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Sends the chart every event of the sequence `events` makes, then `onDone` when the sequence
  /// ends; an error it throws becomes the event `onError` makes, or a diagnostic without one.
  public init<Events: AsyncSequence & Sendable>(
    _ name: String? = nil,
    events: @escaping @Sendable (Context) -> Events,
    onDone: Event? = nil,
    onError: (@Sendable (any Error) -> Event?)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Events.Element == Event {
    invocation = ChartInvocation(
      name: name,
      run: { context, send in
        for try await event in events(context) { await send(event) }
        return onDone
      },
      onError: onError,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// An invocation as the chart keeps it.
@usableFromInline
struct ChartInvocation<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  @usableFromInline let name: String?
  /// Runs the work, handing each event it sends to `send`; returns its done event.
  let run: @Sendable (Context, _ send: @escaping @Sendable (Event) async -> Void) async throws -> Event?
  let onError: (@Sendable (any Error) -> Event?)?
  let callSite: CallSite
}
