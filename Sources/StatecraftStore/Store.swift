public import Observation

/// An Elm-style store: it owns a state, changes it only through a reducer, and runs the effects
/// the reducer returns.
///
/// ```swift
/// struct AppState { var counter = 0; var isRefreshing = false }
/// enum AppAction: Sendable { case increment, refresh, refreshed }
///
/// func reduce(state: AppState, action: AppAction) -> (AppState, Effect<AppAction>) {
///   var state = state
///   switch action {
///   case .increment:
///     state.counter += 1
///   case .refresh:
///     state.isRefreshing = true
///     return (state, .task {
///       try await Task.sleep(for: .seconds(1))
///       return .refreshed
///     })
///   case .refreshed:
///     state.isRefreshing = false
///   }
///   return (state, .none)
/// }
/// ```
///
/// ```swift
/// let store = Store(initialState: AppState(), reduce: reduce)
/// store.send(.increment)
/// print(store.state.counter)   // 1: `send` stores the new state before it returns
/// ```
///
/// In SwiftUI, a view that reads `store.state` re-renders when it changes:
///
/// ```swift
/// import SwiftUI
///
/// struct CounterView: View {
///   let store: Store<AppState, AppAction, Void>
///   var body: some View {
///     Button("Counter: \(store.state.counter)") { store.send(.increment) }
///   }
/// }
/// ```
///
/// - `send` is synchronous: the new state is stored before it returns and before any effect starts.
/// - Actions are processed one at a time, to completion, in FIFO order. `.send` follow-ups and
///   re-entrant sends queue behind the current action instead of nesting.
/// - Each top-level `send` is one Observation change, however many follow-ups it runs.
/// - Actions from effects come back on the main actor.
/// - Releasing the store cancels every effect it started.
///
/// A store is a thin face over the engine's core, which holds its state, mailbox, effects and
/// inspectors, and which it extends, so that an idle store is one object on the heap; see
/// ``attach(_:)`` to inspect what it does.
///
/// The store conforms to `Observable` by hand rather than through the `@Observable` macro: the
/// macro rebuilds the `state` key path on every access in a generic class, which dominated the
/// cost of `send`. Observation behaves exactly as with the macro.
@MainActor
public final class Store<State, Action: Sendable, Environment>:
  OwnerCore<State, StoreMessage<Action>>, Observable,
  // Unchecked, and safe: the store is isolated to the main actor. Its core, which it extends, is
  // Sendable for the reasons given there, and the store's own unsafely nonisolated fields are
  // touched only on the main actor (see `reduce`). A subclass of an unchecked class must restate
  // the conformance it inherits.
  @unchecked Sendable
{

  // What processing an action touches is unsafely nonisolated, so that the processing, in
  // ``send(_:group:origin:callSite:)``, can be nonisolated: in Swift 6, every synchronous closure
  // isolated to the main actor checks on each call that it runs there, and processing passes the
  // engine two closures per action. Safe: that method runs only on the main actor (it is called
  // from the public `send` and from effects' deliveries, both `@MainActor`), and nothing else
  // touches the mutable ones.
  /// The in-place reducer that every initializer comes down to, with the environment, if any,
  /// captured in it: an in-place reducer without one is kept as it was given, so that a store
  /// made from it keeps no wrapper on the heap.
  // Safe without isolation: read only by the processing, on the main actor (see above).
  @usableFromInline nonisolated(unsafe) let reduce: (inout State, Action) -> Effect<Action>
  // The store's own bookkeeping also skips runtime exclusivity checks: it is read and assigned in
  // single accesses, never across a call that could reach it again.

  /// Whether the reducer is running, to diagnose a `send` made from inside it.
  // Safe without isolation: written and read only by the processing, on the main actor (see above).
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var isReducing = false
  /// The action being reduced, named in that diagnostic.
  // Safe without isolation: written and read only by the processing, on the main actor (see above).
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var currentAction: Action?
  /// Observation's registrar, which SwiftUI and `withObservationTracking` observe `state` through,
  /// created by the first read of `state` with the key path that every store of these types shares
  /// (a key path into a generic class is otherwise built on the heap each time one is written).
  // Safe without isolation: read by the processing and written by `state`'s getter, both on the main
  // actor alone (see `reduce`). No runtime exclusivity check: an observer's willSet may read
  // `state` while the processing lends the registrar out, and that read writes nothing once the
  // registrar exists.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var registrar =
    LazyObservationRegistrar<Store, State>()

  /// The current state. Reading it inside SwiftUI or `withObservationTracking` observes it.
  ///
  /// While the store processes an action, the reducer has the state (in place, so that a large
  /// state is never copied). Reading `store.state` from code that runs during that processing (the
  /// reducer itself, or a diagnostics handler or inspector it triggers) is a programming error,
  /// caught by a precondition: read the state the reducer is given instead.
  @inlinable
  public var state: State {
    if let observedRoot {
      let state = core.ownerState
      observedRoot.handOut(state)
      return state
    }
    registrar.access(self, keyPath: SharedKeyPath.of { \Store.state })
    return core.ownerState
  }

  /// The observation of a state marked `@ObservableState`, field by field; nil for a state observed
  /// whole.
  @usableFromInline let observedRoot: ObservedRoot<State>?

  /// Creates a store from an in-place reducer and an environment.
  ///
  /// Mutating `state` in place never copies it, however large it is.
  ///
  /// ```swift
  /// struct AppEnvironment { var step = 1; static let live = AppEnvironment() }
  /// ```
  ///
  /// ```swift
  /// let store: Store<AppState, AppAction, AppEnvironment> = Store(
  ///   initialState: AppState(), environment: .live
  /// ) { state, action, environment in
  ///   if case .increment = action { state.counter += environment.step }
  ///   return .none
  /// }
  /// store.send(.increment)
  /// ```
  @inlinable
  public convenience init(
    initialState: State,
    environment: Environment,
    reducer: @escaping (inout State, Action, Environment) -> Effect<Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      reduce: { state, action in reducer(&state, action, environment) },
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The initializer every other one calls.
  @inlinable
  init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>, callSite: CallSite
  ) {
    self.reduce = reduce
    self.observedRoot = ObservedRoot.make()
    super.init(
      state: initialState, type: Store.self, callSite: callSite, effectsOnMainActor: true)
  }

  /// The engine's core under the store: the store itself, which extends it, so that a store is
  /// one object on the heap.
  @inlinable
  nonisolated var core: OwnerCore<State, StoreMessage<Action>> { self }

  deinit {
    core.close()
  }

  // Always inlined, as `send(_:group:origin:callSite:)` and the core's loop are: with the step
  // ring's branch in the loop, the compiler's heuristics no longer inline them.
  /// Sends an action to the reducer, then starts the effects it returned.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduce)
  /// store.send(.increment)
  /// await store.send(.refresh).finish()   // waits for the refresh's effects
  /// print(store.state.isRefreshing)       // false
  /// ```
  ///
  /// The returned ``StoreTask`` tracks those effects; ignore it unless you need to wait for them.
  /// Calling `send` from inside the reducer is a mistake: the action is queued behind the current
  /// one and a diagnostic is reported at the line of that `send`. From an effect or an observation
  /// callback it is safe.
  @inlinable @inline(__always) @discardableResult
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StoreTask {
    send(
      action, group: nil, origin: nil,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether Observation's registrar exists: whether anything has read `state`. For tests.
  package var hasObservationRegistrar: Bool { registrar.isCreated }

  /// Whether sends collect the changed fields of a state marked `@ObservableState` (once read).
  package var observesFields: Bool { observedRoot?.isArmed == true }

  /// Cancels the effects running under `id` in this store.
  public func cancel(_ id: some Hashable & Sendable) {
    core.effects.cancel(id: EffectID(id))
  }

  /// Attaches an inspector, which receives a record of every action, state change, effect and
  /// diagnostic of this store from now on.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduce)
  /// store.attach(LoggingInspector(level: .info))   // swift-log shows .info and above by default
  /// store.send(.increment)   // logged: the action, the state change
  /// ```
  public func attach(_ inspector: some Inspector) {
    core.attach(inspector)
  }

  /// Processes an action and everything it queues, as one Observation change, or queues it behind
  /// the action being processed.
  ///
  /// - Parameter group: The group of the `send` the action belongs to. `nil` for a top-level
  ///   `send`, whose group is created only when an effect starts.
  ///
  /// Nonisolated, so that its closures are (see `reduce`); it runs only on the main actor.
  @inlinable @inline(__always)
  nonisolated func send(
    _ action: Action, group: EffectGroup?, origin: EffectHandle?, callSite: CallSite
  ) -> StoreTask {
    if _slowPath(observedRoot?.isArmed == true) {
      return sendObservingFields(action, group: group, origin: origin, callSite: callSite)
    }
    return process(action, group: group, origin: origin, callSite: callSite)
  }

  /// A top-level send to a store whose state's fields a view may observe: the fields its reducers
  /// change are told to their observers once the state is back in the store.
  @inlinable @inline(never)
  nonisolated func sendObservingFields(
    _ action: Action, group: EffectGroup?, origin: EffectHandle?, callSite: CallSite
  ) -> StoreTask {
    // A send from inside the processing is queued, and told with the send that processes it.
    guard !core.isProcessingSynchronously, let observedRoot else {
      return process(action, group: group, origin: origin, callSite: callSite)
    }
    let task = ObservationTransaction.run {
      process(action, group: group, origin: origin, callSite: callSite)
    }
    if observedRoot.mayTellReplacement,
      let identity = core.withLock({ $0.readCurrent(observedRoot.fieldsOf.identityAt) })
    {
      observedRoot.sent(leaving: identity)
    }
    return task
  }

  @inlinable @inline(__always)
  nonisolated func process(
    _ action: Action, group: EffectGroup?, origin: EffectHandle?, callSite: CallSite
  ) -> StoreTask {
    #if DEBUG
      // The promise behind the unsafely nonisolated fields it touches (see `reduce`).
      MainActor.assertIsolated("a store processes its actions on the main actor only")
    #endif
    var topLevelGroup = group
    var queuedGroup: EffectGroup?
    let processed = core.processSynchronously(
      StoreMessage(action: action, group: group),
      queued: {
        let group = group ?? EffectGroup()
        queuedGroup = group
        return StoreMessage(action: action, group: group)
      },
      origin: origin, callSite: callSite,
      observing: self, registrar: registrar,
      step: { state, message, _ in
        isReducing = true
        currentAction = message.action
        defer {
          isReducing = false
          currentAction = nil
        }
        return reduce(&state, message.action)
      },
      then: { effect, message, callSite in
        if effect.isNone { return }
        if runner == nil { runner = makeRunner() }
        if message.group == nil {
          runner!.start(effect, group: &topLevelGroup, callSite: callSite) { action in
            core.enqueue(StoreMessage(action: action, group: nil), callSite: callSite)
          }
        } else {
          let messageGroup = message.group
          var group = messageGroup
          runner!.start(effect, group: &group, callSite: callSite) { action in
            core.enqueue(StoreMessage(action: action, group: messageGroup), callSite: callSite)
          }
        }
      })
    guard processed else {
      if isReducing { reportSendDuringReduce(action, callSite: callSite) }
      return StoreTask(queuedGroup)
    }
    if !dependents.isEmpty { notifyDependentsOnMainActor() }
    return StoreTask(topLevelGroup)
  }

  /// The scoped stores that follow this store, told after each run of actions.
  // Safe without isolation: read by the processing and written by scoped stores, on the main actor
  // alone (see `reduce`). No runtime exclusivity check, as for a scoped store's node: it is read and
  // changed in single accesses, and its followers are told outside them.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var dependents = ScopeDependents()

  /// Starts the reducer's effects, and delivers their actions back through
  /// ``send(_:group:origin:callSite:)``. Made by the first effect, in inlinable code, so that the
  /// delivery runs specialised for the client's types; a store that never starts one keeps none.
  // Safe without isolation: made and read only by the processing, on the main actor (see `reduce`).
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var runner: EffectRunner<Action>?

  /// Makes the runner: its delivery holds the store weakly, so effects never keep it alive.
  @inlinable
  nonisolated func makeRunner() -> EffectRunner<Action> {
    EffectRunner<Action>(scope: core.effects) { [weak self] action, handle in
      guard let self else { return }
      _ = send(
        action, group: handle.group ?? EffectGroup(), origin: handle,
        callSite: handle.callSite ?? core.identity.callSite)
    }
  }

  @usableFromInline
  nonisolated func reportSendDuringReduce(_ action: Action, callSite: CallSite) {
    core.services.report(
      .sendDuringReduce,
      """
      send(\(action)) was called from inside the reducer while it handled \
      \(currentAction.map { "\($0)" } ?? "an action"). The action was queued to run after the \
      current one. Return `.send(\(action))` from the reducer instead.
      """,
      callSite: callSite)
  }
}

/// An action in a store's mailbox, with the group of the `send` whose effects it joins: `nil` for
/// the top-level `send` being processed, whose group is created only when an effect starts.
///
/// Public only because the store's core is generic over it; nothing outside Statecraft can use it.
/// It appears only in the type of the engine's core that a store extends:
///
/// ```swift
/// enum Tick: Sendable { case tick }
/// ```
///
/// ```swift
/// let store = Store(initialState: 0) { (count: inout Int, _: Tick) -> Effect<Tick> in
///   count += 1
///   return .none
/// }
/// let core: OwnerCore<Int, StoreMessage<Tick>> = store
/// print(core === store)   // true: the store is its core
/// ```
@_documentation(visibility: internal)
public struct StoreMessage<Action: Sendable>: InspectableMessage {
  @usableFromInline var action: Action
  @usableFromInline var group: EffectGroup?

  /// Inspectors see the action.
  @usableFromInline
  package var inspectedMessage: Any { action }

  @inlinable
  init(action: Action, group: EffectGroup?) {
    self.action = action
    self.group = group
  }
}

extension Store where Environment == Void {

  /// Creates a store from an in-place reducer. Mutating `state` in place never copies it.
  ///
  /// ```swift
  /// struct Counter { var count = 0 }
  /// ```
  ///
  /// ```swift
  /// let store: Store<Counter, AppAction, Void> = Store(initialState: Counter()) { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// store.send(.increment)
  /// ```
  @inlinable
  public convenience init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, reduce: reducer,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Store {
  /// Waits until no effect of this store is running. `StatecraftTesting` exposes it.
  package func waitUntilIdle() async {
    await core.effects.waitUntilIdle()
  }

  /// Whether an effect is running under `id`. `StatecraftTesting` exposes it.
  package func hasRunningEffect(id: some Hashable & Sendable) -> Bool {
    core.effects.isRunning(id: EffectID(id))
  }

  /// Cancels every effect running now. `StatecraftTesting`'s test store uses it.
  package func cancelAllEffects() {
    core.effects.cancelAll()
  }

  /// How many child features have an effect scope, at every depth. For tests.
  package var childScopeCount: Int { core.effects.childScopeCount }

  /// How many effects run that were not cancelled, children's included. For tests.
  package var liveEffectCount: Int { core.effects.liveEffectCount }

  /// How many throttle windows are open. For tests.
  package var openThrottleWindowCount: Int { core.effects.openThrottleWindowCount }

  /// Waits until the timers of throttle windows whose end has come have run. For tests.
  package func throttleWindowsSettled() async {
    await core.effects.windowTimersSettled()
  }
}
