/// The render loop behind ``ModeledViewController/startObservingState(renderImmediately:)``: it
/// renders each state of a stream on the main actor, and stops when asked or when deinitialised.
///
/// The ``Modeled(_:_:)`` macro stores one in each modeled class; you rarely use it directly.
///
/// ```swift
/// let counts = StateBroadcast(0)
/// let observation = StateObservation()
/// observation.start(observing: counts.observe(), current: counts.current) { count in
///   print("count:", count)   // 0 at once; 1 from the loop, on the main actor
/// }
/// counts.update { $0 += 1 }
/// ```
public final class StateObservation: Sendable {
  private let task = CriticalState<Task<Void, Never>?>(nil)

  /// Creates an observation that is not running.
  public init() {}

  deinit {
    stop()
  }

  /// Stops any earlier loop, renders `current` if given, then renders each state of `states`.
  ///
  /// Read `current` before observing, as the ``Modeled(_:_:)`` macro does: a change in between is
  /// then rendered after it, never before.
  @MainActor
  public func start<State: Sendable>(
    observing states: AsyncStream<State>, current: State?,
    render: @escaping @MainActor (State) -> Void
  ) {
    start(observing: states, current: current, render: render) { _, _ in false }
  }

  /// Stops any earlier loop, renders `current` if given, then renders each state of `states` that
  /// differs from the one rendered before it.
  @MainActor
  public func start<State: Sendable & Equatable>(
    observing states: AsyncStream<State>, current: State?,
    render: @escaping @MainActor (State) -> Void
  ) {
    start(observing: states, current: current, render: render, isDuplicate: ==)
  }

  /// Stops rendering. The loop ends before it renders another state.
  public func stop() {
    task.withLock { $0.take() }?.cancel()
  }

  @MainActor
  private func start<State: Sendable>(
    observing states: AsyncStream<State>, current: State?,
    render: @escaping @MainActor (State) -> Void,
    isDuplicate: @escaping @Sendable (State, State) -> Bool
  ) {
    stop()
    if let current { render(current) }
    let loop = Task { @MainActor in
      var last = current
      for await state in states {
        guard !Task.isCancelled else { return }
        if let last, isDuplicate(last, state) { continue }
        last = state
        render(state)
      }
    }
    // `render(current)` may itself have started a loop: end whichever loop this one replaces.
    let replaced = task.withLock { task in
      defer { task = loop }
      return task
    }
    replaced?.cancel()
  }
}
