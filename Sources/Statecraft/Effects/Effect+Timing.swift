extension Effect {
  /// Delays this effect by `duration`, and restarts the delay whenever another effect with the same
  /// `id` arrives first: only the last of a burst runs.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .task { .results(try await api.search(query)) }
  ///     .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)
  /// ```
  ///
  /// The delay runs on `clock`: pass a `TestClock` in tests.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: C
  ) -> Self where C.Duration == Duration {
    if case .none = operation { return self }
    let delay = Self.run { _ in try await clock.sleep(for: duration) }
    return Self.concatenate(delay, self).cancellable(id: id, cancelInFlight: true)
  }

  /// Starts at most one effect with this `id` per `interval`.
  ///
  /// The first effect starts at once and opens a window of `interval`. Effects that arrive while the
  /// window is open wait for it to end: with `latest: true` the last of them starts then, with
  /// `latest: false` the first of them does, and the others are dropped. Effects that already
  /// started are never cancelled by the throttle; `.cancel(id)` cancels both running and waiting
  /// ones.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: C,
    latest: Bool
  ) -> Self where C.Duration == Duration {
    if case .none = operation { return self }
    let window = ThrottlePolicy(
      id: EffectID(id),
      latest: latest,
      now: { clock.now },
      remaining: { lastStart in
        guard let lastStart = lastStart as? C.Instant else { return nil }
        let elapsed = lastStart.duration(to: clock.now)
        return elapsed >= interval ? nil : interval - elapsed
      },
      sleep: { try await clock.sleep(for: $0) }
    )
    return Self(.throttle(self, window))
  }
}

/// A throttle window with its clock erased, so that `Effect` needs no clock type parameter.
struct ThrottlePolicy: Sendable {
  var id: EffectID
  var latest: Bool
  /// The clock's current instant.
  var now: @Sendable () -> any Sendable
  /// How long until the window that started at `lastStart` ends; `nil` once it has ended.
  var remaining: @Sendable (_ lastStart: any Sendable) -> Duration?
  var sleep: @Sendable (Duration) async throws -> Void
}
