extension Effect {
  /// Transforms the actions this effect produces, to embed a child feature's effects in a parent:
  ///
  /// ```swift
  /// struct Profile { var name = "" }
  /// enum ProfileAction: Sendable { case rename(String) }
  /// struct AppState { var profile = Profile() }
  /// enum AppAction: Sendable { case profile(ProfileAction) }
  ///
  /// func profileReduce(_ profile: Profile, _ action: ProfileAction) -> (Profile, Effect<ProfileAction>) {
  ///   switch action {
  ///   case .rename(let name): (Profile(name: name), .none)
  ///   }
  /// }
  ///
  /// func appReduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
  ///   var state = state
  ///   switch action {
  ///   case .profile(let action):
  ///     let (profile, effect) = profileReduce(state.profile, action)
  ///     state.profile = profile
  ///     return (state, effect.map(AppAction.profile))
  ///   }
  /// }
  /// ```
  ///
  /// Ids, cancellation and timing are kept.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    // Inline for the common `.none`: a composed reducer maps each child's effect, at every level.
    isNone ? .none : mapped(transform)
  }

  @usableFromInline
  func mapped<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      let operation = run.operation
      var mapped = Effect<NewAction>.Run(
        priority: run.priority,
        operation: { send in try await operation(send.map(transform)) },
        callSite: run.callSite)
      if let handleError = run.handleError {
        mapped.handleError = { error, send in await handleError(error, send.map(transform)) }
      }
      return Effect<NewAction>(.run(mapped))
    case .merge(let effects):
      return .merge(effects.map { $0.map(transform) })
    case .concatenate(let effects):
      return .concatenate(effects.map { $0.map(transform) })
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        .cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    case .throttle(let effect, let window):
      return Effect<NewAction>(.throttle(effect.map(transform), window))
    case .delay(let delay):
      return Effect<NewAction>(.delay(delay))
    case .child(let effect, let key):
      return Effect<NewAction>(.child(effect.map(transform), key))
    case .endChildren(let keys):
      return Effect<NewAction>(.endChildren(keys))
    case .report(let report):
      return Effect<NewAction>(.report(report))
    }
  }
}

extension Send {
  /// A `Send` of `Child` actions that delivers them to this one, transformed.
  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child>({ self(transform($0)) }, effect: effect)
  }
}
