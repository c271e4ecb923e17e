/// Reads the context of the machine that runs the state, like SwiftUI's `@Environment`.
///
/// ```swift
/// @StateContext(Context.self) private var context
///
/// func enter() async {
///   try? await context.clock.sleep(for: context.delay)
/// }
/// ```
///
/// Outside a running machine it returns `Context.defaultValue` and reports an
/// ``/StatecraftEngine/Diagnostic/Kind/outsideMachine`` diagnostic. If the machine's context is of another type, it
/// returns `defaultValue` and reports ``/StatecraftEngine/Diagnostic/Kind/contextTypeMismatch``.
@propertyWrapper
public struct StateContext<Context: StateMachineContext>: Sendable {
  public init(_ context: Context.Type) {}

  public var wrappedValue: Context {
    guard let activation = StateActivation.current else {
      DiagnosticHandler.reportOutsideMachine(
        "@StateContext(\(Context.self).self)", fallback: "it returned \(Context.self).defaultValue")
      return .defaultValue
    }
    guard let context = activation.context as? Context else {
      activation.owner.report(
        .contextTypeMismatch,
        """
        \(activation.stateName) reads @StateContext(\(Context.self).self), but its machine's \
        context is \(type(of: activation.context)). It got \(Context.self).defaultValue.
        """)
      return .defaultValue
    }
    return context
  }
}
