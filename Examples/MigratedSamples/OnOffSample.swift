import Foundation
import Statecraft

/// bpisano's StateMachine's on/off sample, compiled against Statecraft. The one change: the host is
/// `ContextualStateMachine`, not `StateMachine` (that name belongs to the declarative DSL).
///
/// It keeps the original's `Task { try? await Task.sleep(…) }`. Such a task outlives its state:
/// when the machine moves on first, its late `transition(to:)` is ignored and reported. Prefer
/// `@StateLifetime` and an injected clock, as `statecraft-demo onoff` does.
enum OnOffSample {
  struct Context: StateMachineContext {
    let delay: TimeInterval

    static let defaultValue = Context(delay: 1)
  }

  struct OffState: StateMachineState {
    @StateTransition private var transition
    @StateContext(Context.self) private var context

    func enter() async {
      Task {
        try? await Task.sleep(for: .seconds(context.delay))
        await transition(to: OnState())
      }
    }
  }

  struct OnState: StateMachineState {
    @StateTransition private var transition
    @StateContext(Context.self) private var context

    func enter() async {
      Task {
        try? await Task.sleep(for: .seconds(context.delay))
        await transition(to: OffState())
      }
    }
  }

  static let stateMachine = ContextualStateMachine(initialState: OffState())
    .context(Context(delay: 1))
}
