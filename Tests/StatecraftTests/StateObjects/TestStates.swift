import Statecraft

struct TestContext: StateMachineContext, Equatable {
  var label: String
  static let defaultValue = TestContext(label: "default")
}

struct OtherContext: StateMachineContext, Equatable {
  var value = 0
  static let defaultValue = OtherContext()
}

/// A state that logs its `enter()` and `exit()` and runs what a test gives it in between.
struct Step: StateMachineState {
  typealias Hook = @Sendable (_ transition: StateTransitionHandler, _ lifetime: StateLifetimeScope) async -> Void

  let name: String
  let log: Log<String>
  var onEnter: Hook = { _, _ in }
  var onExit: Hook = { _, _ in }

  @StateTransition private var transition
  @StateLifetime private var lifetime

  func enter() async {
    log.append("\(name) enter begins")
    await onEnter(transition, lifetime)
    log.append("\(name) enter ends")
  }

  func exit() async {
    log.append("\(name) exit")
    await onExit(transition, lifetime)
  }
}
