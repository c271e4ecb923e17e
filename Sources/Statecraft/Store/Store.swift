public import Observation

/// An Elm-style store: it owns a state, changes it only through a reducer, and runs the effects
/// the reducer returns.
///
/// ```swift
/// let store = Store(initialState: AppState(), reduce: reduce)
/// store.send(.increment)
/// Text("Counter: \(store.state.counter)")   // SwiftUI re-renders on change
/// ```
///
/// - `send` is synchronous: the new state is stored before it returns and before any effect starts.
/// - Actions are processed one at a time, to completion, in FIFO order. `.send` follow-ups and
///   re-entrant sends queue behind the current action instead of nesting.
/// - Each top-level `send` is one Observation change, however many follow-ups it runs.
/// - Actions from effects come back on the main actor.
/// - Releasing the store cancels every effect it started.
///
/// The store conforms to `Observable` by hand rather than through the `@Observable` macro: the
/// macro rebuilds the `state` key path on every access in a generic class, which dominated the
/// cost of `send`. Observation behaves exactly as with the macro.
@MainActor
public final class Store<State, Action: Sendable, Environment>: Observable {
  /// The in-place reducer that every initializer reduces to.
  public typealias Reducer = (inout State, Action, Environment) -> Effect<Action>

  private var currentState: State
  private let reducer: Reducer
  private let environment: Environment
  private let effects: EffectScope
  private let diagnostics: DiagnosticHandler
  private var mailbox = Mailbox<Message>()
  private var isReducing = false
  private var currentAction: Action?
  private let registrar = ObservationRegistrar()
  /// Built once: key path creation is not cached for generic classes.
  private let stateKeyPath: KeyPath<Store, State>
  /// The broadcast behind `stateStream`, created on first use so that a store nobody streams pays
  /// nothing for it.
  var statePublisher: (any StatePublisher<State>)?

  /// An action waiting in the mailbox, with the group of the `send` it belongs to. `nil` means the
  /// group of the top-level `send` being drained, created only when an effect starts.
  private struct Message {
    var action: Action
    var group: EffectGroup?
  }

  /// The current state. Reading it inside SwiftUI or `withObservationTracking` observes it.
  public var state: State {
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  /// Creates a store from an in-place reducer and an environment.
  ///
  /// Mutating `state` in place never copies it, however large it is.
  public init(
    initialState: State,
    environment: Environment,
    reducer: @escaping (inout State, Action, Environment) -> Effect<Action>
  ) {
    self.currentState = initialState
    self.reducer = reducer
    self.environment = environment
    let name = "Store<\(State.self), \(Action.self), \(Environment.self)>"
    let diagnostics = DiagnosticHandler.current
    self.diagnostics = diagnostics
    self.effects = EffectScope(ownerName: name, diagnostics: diagnostics)
    self.stateKeyPath = \Store.state
  }

  /// Creates a store from the seed's value-returning reducer and an environment.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduce, environment: .live)
  /// ```
  public convenience init(
    initialState: State,
    reduce: @escaping (State, Action, Environment) -> (State, Effect<Action>),
    environment: Environment
  ) {
    self.init(initialState: initialState, environment: environment) { state, action, environment in
      let (newState, effect) = reduce(state, action, environment)
      state = newState
      return effect
    }
  }

  deinit {
    effects.cancelAll()
  }

  /// Sends an action to the reducer, then starts the effects it returned.
  ///
  /// The returned ``StoreTask`` tracks those effects; ignore it unless you need to wait for them.
  /// Calling `send` from inside the reducer is a mistake: the action is queued behind the current
  /// one and a diagnostic is reported. From an effect or an observation callback it is safe.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    guard !mailbox.isDraining else {
      if isReducing { reportSendDuringReduce(action) }
      let group = EffectGroup()
      mailbox.post(Message(action: action, group: group))
      return StoreTask(group)
    }
    return process(Message(action: action, group: nil))
  }

  /// Cancels the effects running under `id` in this store.
  public func cancel(_ id: some Hashable & Sendable) {
    effects.cancel(id: EffectID(id))
  }

  /// Processes a message and everything it queues, as one Observation change.
  private func process(_ first: Message) -> StoreTask {
    var topLevelGroup = first.group
    mailbox.beginDrain()
    registrar.withMutation(of: self, keyPath: stateKeyPath) {
      var message = first
      while true {
        isReducing = true
        currentAction = message.action
        let effect = reducer(&currentState, message.action, environment)
        isReducing = false
        currentAction = nil
        if case .none = effect.operation {
        } else if message.group == nil {
          runner.start(effect, group: &topLevelGroup) { mailbox.post(Message(action: $0, group: nil)) }
        } else {
          var group = message.group
          runner.start(effect, group: &group) { [group] in mailbox.post(Message(action: $0, group: group)) }
        }
        guard let next = mailbox.next() else { break }
        message = next
      }
    }
    statePublisher?.publish(currentState)
    return StoreTask(topLevelGroup)
  }

  /// Receives an action that an effect of `group` delivered.
  private func receive(_ action: Action, from group: EffectGroup?) {
    let message = Message(action: action, group: group ?? EffectGroup())
    if mailbox.isDraining {
      mailbox.post(message)
    } else {
      _ = process(message)
    }
  }

  /// Delivers effect actions back through ``receive(_:from:)``; weak, so effects never keep the
  /// store alive.
  private lazy var runner = EffectRunner<Action>(scope: effects) { [weak self] action, group in
    self?.receive(action, from: group)
  }

  private func reportSendDuringReduce(_ action: Action) {
    diagnostics.report(
      Diagnostic(
        kind: .sendDuringReduce,
        message: """
          send(\(action)) was called from inside the reducer while it handled \
          \(currentAction.map { "\($0)" } ?? "an action"). The action was queued to run after the \
          current one. Return `.send(\(action))` from the reducer instead.
          """,
        source: effects.ownerName))
  }
}

extension Store where Environment == Void {
  /// Creates a store from the seed's value-returning reducer.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduce)
  /// ```
  ///
  /// With an inline closure, name the types: `{ (state: AppState, action: AppAction) in … }`.
  public convenience init(
    initialState: State,
    reduce: @escaping (State, Action) -> (State, Effect<Action>)
  ) {
    self.init(initialState: initialState, environment: ()) { state, action, _ in
      let (newState, effect) = reduce(state, action)
      state = newState
      return effect
    }
  }

  /// Creates a store from an in-place reducer. Mutating `state` in place never copies it.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter()) { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// ```
  public convenience init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.init(initialState: initialState, environment: ()) { state, action, _ in
      reducer(&state, action)
    }
  }
}

extension Store {
  /// Waits until no effect of this store is running. `StatecraftTesting` exposes it.
  package func waitUntilIdle() async {
    await effects.waitUntilIdle()
  }

  /// Whether an effect is running under `id`. `StatecraftTesting` exposes it.
  package func hasRunningEffect(id: some Hashable & Sendable) -> Bool {
    effects.isRunning(id: EffectID(id))
  }
}
