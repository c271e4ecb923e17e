/// A state of a ``ContextualStateMachine``: a value that knows when it becomes current and when it
/// stops being current.
///
/// ```swift
/// struct Context: StateMachineContext {
///   var delay: Duration
///   var clock: any Clock<Duration>
///   static let defaultValue = Context(delay: .seconds(1), clock: ContinuousClock())
/// }
///
/// struct OffState: StateMachineState {
///   @StateTransition private var transition
///   @StateContext(Context.self) private var context
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     lifetime.task {
///       try await context.clock.sleep(for: context.delay)
///       await transition(to: OnState())
///     }
///   }
/// }
///
/// struct OnState: StateMachineState {
///   @StateTransition private var transition
///   @StateContext(Context.self) private var context
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     lifetime.task {
///       try await context.clock.sleep(for: context.delay)
///       await transition(to: OffState())
///     }
///   }
/// }
/// ```
///
/// The machine calls `enter()` and `exit()` one at a time, never while another transition runs,
/// on the main actor, where the machine lives. They run where their own isolation says:
///
/// - Left out, declared plainly (`func enter() async`), or declared `nonisolated(nonsending)` or
///   `@MainActor`, they run on the main actor with no executor hop. The machine calls them through
///   this protocol's `nonisolated(nonsending)` requirements, and a plain method that satisfies one
///   runs on the caller's actor when called through it.
/// - Declared `@concurrent`, they run on the global executor: two hops per call. Use it when the
///   work itself should leave the main actor.
///
/// Declare the wrappers (`@StateTransition`, `@StateContext`, `@StateLifetime`) as stored
/// properties of the state, or of structs it holds, as a view declares `@Environment`: the machine
/// finds them by reflection, once per state type, and binds nothing for a state that holds none.
///
/// ```swift
/// struct Loading: StateMachineState {
///   @StateLifetime private var lifetime
///   nonisolated(nonsending) func enter() async {
///     lifetime.task { try await load() }   // the slow work leaves the main actor in a task
///   }
///   private func load() async throws {
///     try await Task.sleep(for: .seconds(2))   // a download, say
///   }
/// }
/// ```
public protocol StateMachineState: Sendable {
  /// Called when the state becomes current, after the previous state's `exit()` returned.
  nonisolated(nonsending) func enter() async
  /// Called when the state stops being current, before the next state's `enter()`.
  nonisolated(nonsending) func exit() async
}

extension StateMachineState {
  /// Does nothing: a state with no work on entry leaves `enter()` out.
  public nonisolated(nonsending) func enter() async {}
  /// Does nothing: a state with no work on exit leaves `exit()` out.
  public nonisolated(nonsending) func exit() async {}
}
