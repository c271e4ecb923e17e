/// Reads the context of the machine that runs the state, like SwiftUI's `@Environment`.
///
/// ```swift
/// struct Context: StateMachineContext {
///   var delay: Duration
///   var clock: any Clock<Duration>
///   static let defaultValue = Context(delay: .seconds(1), clock: ContinuousClock())
/// }
///
/// struct Waiting: StateMachineState {
///   @StateContext(Context.self) private var context
///   @StateTransition private var transition
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     lifetime.task {   // not in enter() itself, which would hold up the machine
///       try await context.clock.sleep(for: context.delay)
///       await transition(to: Done())
///     }
///   }
/// }
///
/// struct Done: StateMachineState {}
/// ```
///
/// Outside a running machine it returns `Context.defaultValue` and reports an
/// ``/StatecraftEngine/Diagnostic/Kind/outsideMachine`` diagnostic. If the machine's context is of another type, it
/// returns `defaultValue` and reports ``/StatecraftEngine/Diagnostic/Kind/contextTypeMismatch``.
@propertyWrapper
public struct StateContext<Context: StateMachineContext>: Sendable {
  /// Reads the machine's context as a `Context`. The wrapper stores nothing: each read looks the
  /// context up in the running machine.
  ///
  /// - Parameter context: The type the machine's context is expected to be, as `Context.self`.
  public init(_ context: Context.Type) {}

  /// The context of the machine that runs the code reading it: in `enter()`, `exit()`, or a task
  /// they start. `Context.defaultValue`, with a diagnostic, outside a running machine or when the
  /// machine's context is of another type.
  public var wrappedValue: Context {
    guard let activation = StateActivation.current else {
      DiagnosticHandler.reportOutsideMachine(
        "@StateContext(\(Context.self).self)", fallback: "it returned \(Context.self).defaultValue")
      return .defaultValue
    }
    // The usual case, a context of exactly this type, compares types. `as?` from an existential
    // asks the runtime's dynamic cast, and its optional result needs `Optional<Context>`'s
    // metadata, which this generic getter, called from the state's module, looks up on each read.
    let context = activation.context
    guard ObjectIdentifier(type(of: context)) == ObjectIdentifier(Context.self) else {
      return otherContext(context, in: activation)
    }
    return context.reinterpreted(as: Context.self)
  }

  /// A context of another type than `Context`: a subclass of it, or a mismatch, reported.
  private func otherContext(_ context: any StateMachineContext, in activation: StateActivation) -> Context {
    if let context = context as? Context { return context }
    activation.owner.report(
      .contextTypeMismatch,
      """
      \(activation.stateName) reads @StateContext(\(Context.self).self), but its machine's \
      context is \(type(of: context)). It got \(Context.self).defaultValue.
      """)
    return .defaultValue
  }
}

extension StateMachineContext {
  /// This context as an `Other`, which must be its own type.
  fileprivate func reinterpreted<Other: StateMachineContext>(as _: Other.Type) -> Other {
    unsafeBitCast(self, to: Other.self)
  }
}
