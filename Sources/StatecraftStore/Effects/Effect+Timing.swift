extension Effect {
  /// Delays this effect by `duration`, and restarts the delay whenever another effect with the same
  /// `id` arrives first: only the last of a burst runs.
  ///
  /// ```swift
  /// struct SearchState { var query = ""; var results: [String] = [] }
  /// enum SearchAction { case queryChanged(String), results([String]) }
  /// struct SearchAPI: Sendable {
  ///   func search(_ query: String) async throws -> [String] { [query] }
  /// }
  /// struct SearchEnvironment { var api: SearchAPI; var clock: any Clock<Duration> }
  ///
  /// func search(
  ///   _ state: inout SearchState, _ action: SearchAction, _ environment: SearchEnvironment
  /// ) -> Effect<SearchAction> {
  ///   switch action {
  ///   case .queryChanged(let query):
  ///     state.query = query
  ///     return .task { .results(try await environment.api.search(query)) }
  ///       .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)
  ///   case .results(let results):
  ///     state.results = results
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// The delay runs on `clock`: pass a `TestClock` in tests. It is measured from the moment the
  /// store starts the effect, when the reducer returns it, not from when its task first runs, so a
  /// test that advances its clock right after `send` never races the effect's task.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: C
  ) -> Self where C.Duration == Duration {
    if case .none = operation { return self }
    let delay = Self(.delay(EffectDelay(clock: EffectClock(clock), duration: duration)))
    return Self.concatenate(delay, self).cancellable(id: id, cancelInFlight: true)
  }

  /// Starts at most one effect with this `id` per `interval`.
  ///
  /// ```swift
  /// enum FeedAction { case scrolled(Int), loadMore(Int) }
  ///
  /// func feed(_ loaded: inout [Int], _ action: FeedAction, _ environment: SearchEnvironment) -> Effect<FeedAction> {
  ///   switch action {
  ///   case .scrolled(let offset):
  ///     return .send(.loadMore(offset))
  ///       .throttle(id: "scroll", for: .seconds(1), clock: environment.clock, latest: true)
  ///   case .loadMore(let offset):
  ///     loaded.append(offset)
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// The first effect starts at once and opens a window of `interval`. Effects that arrive while the
  /// window is open wait for it to end: with `latest: true` the last of them starts then, with
  /// `latest: false` the first of them does, and the others are dropped. The effect that starts
  /// when a window ends opens the next one. Effects that already started are never cancelled by the
  /// throttle; `.cancel(id)` cancels both running and waiting ones. A window that ends with no
  /// effect waiting is forgotten, so ids used once leave nothing behind.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: C,
    latest: Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where C.Duration == Duration {
    if case .none = operation { return self }
    let policy = ThrottlePolicy(
      id: EffectID(id), interval: interval, clock: EffectClock(clock), latest: latest,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return Self(.throttle(self, policy))
  }
}

/// A throttle's id, window and clock, with the clock's type erased, so that `Effect` needs no clock
/// type parameter.
@usableFromInline
struct ThrottlePolicy: Sendable {
  var id: EffectID
  var interval: Duration
  var clock: EffectClock
  var latest: Bool
  var callSite: CallSite
}

/// A wait on a clock. Its deadline is fixed when the effect that contains it starts, if the delay
/// comes first in it, or else when the delay's turn comes.
@usableFromInline
struct EffectDelay: Sendable {
  var clock: EffectClock
  var duration: Duration
  var deadline: EffectClock.Deadline?

  /// The delay with its deadline fixed from now, if it was not fixed yet.
  func armed() -> Self {
    guard deadline == nil else { return self }
    var armed = self
    armed.deadline = clock.deadline(after: duration)
    return armed
  }

  func wait() async throws {
    try await clock.sleep(until: deadline ?? clock.deadline(after: duration))
  }
}

extension Effect {
  /// This effect with the deadlines of the delays it begins with fixed from now. The runner arms an
  /// effect when it starts it, so that a delay counts from the `send`, not from when a task first
  /// runs.
  func armed() -> Self {
    switch operation {
    case .delay(let delay):
      return Self(.delay(delay.armed()))
    case .cancellable(let inner, let id, let cancelInFlight):
      return Self(.cancellable(inner.armed(), id: id, cancelInFlight: cancelInFlight))
    case .merge(let effects):
      return Self(.merge(effects.map { $0.armed() }))
    case .concatenate(let effects):
      guard let first = effects.first else { return self }
      return Self(.concatenate([first.armed()] + effects.dropFirst()))
    case .child(let inner, let key):
      return Self(.child(inner.armed(), key))
    case .none, .send, .run, .cancel, .throttle, .endChildren, .report:
      return self
    }
  }
}
