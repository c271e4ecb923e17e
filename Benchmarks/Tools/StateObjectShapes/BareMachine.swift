// The floor of a state-object transition: bpisano's blog post's first machine, a main-actor class whose
// `transition(to:)` awaits the current state's `exit()`, swaps it, and awaits the new one's
// `enter()`. No serialisation, no stale-request check, no context, no wrappers: what a
// transition costs when it does nothing but call its states.

/// A state of ``BareMachine``, main-actor isolated as in bpisano's blog post.
@MainActor
public protocol BareState: Sendable {
  func enter() async
  func exit() async
}

extension BareState {
  public func enter() async {}
  public func exit() async {}
}

/// bpisano's blog post's machine.
@MainActor
public final class BareMachine {
  public private(set) var currentState: any BareState

  public init(initialState: any BareState) {
    currentState = initialState
  }

  public func start() async {
    await currentState.enter()
  }

  @inline(never)
  public func transition(to newState: any BareState) async {
    await currentState.exit()
    currentState = newState
    await currentState.enter()
  }
}

/// No `enter()` or `exit()` of its own: the protocol's empty defaults.
public struct TrivialBareState: BareState {
  public init() {}
}

/// `enter()` and `exit()` of its own, empty but for an opaque use of a stored value.
public struct MainActorBareState: BareState {
  let value = 1
  public init() {}
  public func enter() async { floorOpaque(value) }
  public func exit() async { floorOpaque(value) }
}

/// Keeps a value from being optimised away, at the cost of a call.
@inline(never)
public func floorOpaque(_ value: Int) {
  if value == 42 { fatalError("unreachable in the benchmarks") }
}
