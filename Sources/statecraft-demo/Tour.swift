import Statecraft

/// What `swift run statecraft-demo` shows with no argument: each front-end doing its job in a few
/// lines, on the one engine, before the list of demos to run next. Everything runs on the main
/// actor with no clock, so the output is the same on every run.
@MainActor
enum Tour {
  static func run() async {
    print("Statecraft: five ways to model state, on one engine.\n")
    storeAndComposition()
    await declarativeMachine()
    await stateObjects()
    await broadcasts()
    statechart()
    print("")
  }

  // MARK: The store, and a child feature scoped out of it

  struct Counter { var count = 0 }
  enum CounterAction: Sendable { case increment, decrement }

  static func counter(_ state: inout Counter, _ action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }

  struct App { var counter = Counter() }
  enum AppAction: Sendable { case counter(CounterAction) }

  static func app(_ state: inout App, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .counter(let action): counter(&state.counter, action).map(AppAction.counter)
    }
  }

  static func storeAndComposition() {
    print("Store: a reducer owns the state; send is synchronous.")
    let store = Store(initialState: Counter(), reducer: counter)
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    print("  increment, increment, decrement → count \(store.state.count)")

    print("Composition: a child feature's store, scoped out of its parent's.")
    let app = Store(initialState: App(), reducer: app)
    let child = app.scope(state: \.counter, action: AppAction.counter)
    child.send(.increment)
    print("  the child sends increment → the app's state holds count \(app.state.counter.count)\n")
  }

  // MARK: A declarative machine

  @DSLCompatible enum Light { case off, on }
  @DSLCompatible enum Switch { case flip }

  static let light = StateMachine(initial: Light.off) {
    When(state: Light.off) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: Switch.flip) { _ in Transition(to: Light.on) }
    }
    When(state: Light.on) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: Switch.flip) { _ in Transition(to: Light.off) }
    }
  }

  static func declarativeMachine() async {
    print("StateMachine DSL: a Moore machine as data, run as an AsyncSequence.")
    let running = AsyncStateMachineSequence(stateMachine: light, runtime: Runtime())
    await running.send(.flip)
    print("  flip → \(running.currentState)")
    await running.send(.flip)
    print("  flip → \(running.currentState)\n")
  }

  // MARK: State objects

  struct Idle: StateMachineState {
    func enter() async { print("  enter Idle") }
    func exit() async { print("  exit Idle") }
  }

  struct Running: StateMachineState {
    func enter() async { print("  enter Running") }
  }

  static func stateObjects() async {
    print("State objects: states are values with enter() and exit().")
    let machine = ContextualStateMachine(initialState: Idle())
    await machine.start()
    await machine.transition(to: Running())
    print("  current state: \(type(of: machine.currentState))\n")
  }

  // MARK: Broadcasts

  static func broadcasts() async {
    print("Broadcasts: a state that every observer gets, current value first.")
    let contacts = StateBroadcast<[String]>([])
    var observer = contacts.observe().makeAsyncIterator()
    contacts.update { $0.append("Ada") }
    contacts.update { $0.append("Grace") }
    for _ in 0..<3 {
      if let state = await observer.next() { print("  observed \(state)") }
    }
    print("")
  }

  // MARK: A statechart

  enum Player: Hashable, Sendable { case off, on, playback, playing, paused, audio, loud, muted }
  enum Control: Hashable, Sendable { case power, pause, mute }

  static let player = Statechart<Player, Control, EmptyChartContext>("player", initial: .off) {
    StateNode(.off) { OnEvent(.power, target: .on) }
    StateNode(parallel: .on) {
      StateNode(.playback) {
        StateNode(.playing) { OnEvent(.pause, target: .paused) }
        StateNode(.paused) { OnEvent(.pause, target: .playing) }
      }
      StateNode(.audio) {
        StateNode(.loud) { OnEvent(.mute, target: .muted) }
        StateNode(.muted) { OnEvent(.mute, target: .loud) }
      }
      OnEvent(.power, target: .off)
    }
  }

  static func statechart() {
    print("Statecharts: nested and parallel states, SCXML semantics, a pure step function.")
    var snapshot = player.initialTransition().snapshot
    for control in [Control.power, .mute, .pause, .power] {
      snapshot = player.transition(from: snapshot, on: control).snapshot
      print("  \(control) → \(snapshot)")
    }
  }
}
