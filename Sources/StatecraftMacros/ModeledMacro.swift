import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Modeled(State.self, ViewModel.self)` and `@Modeled(State.self, interface: P.self)`: binds a
/// renderer class to a view model, writing its aliases, its `viewModel` property, the state
/// observation methods and the `ModeledViewController` conformance.
public struct ModeledMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.is(ClassDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(node: node, message: StreamingMacroMessage.needsClass))
      return []
    }
    let arguments = Array(node.arguments?.as(LabeledExprListSyntax.self) ?? [])
    guard arguments.count == 2 else { return [] }  // the compiler rejects other arities
    guard let state = typeName(in: arguments[0], label: "state", context: context),
      let model = typeName(
        in: arguments[1], label: arguments[1].label?.text ?? "view model", context: context)
    else { return [] }
    let viewModel = arguments[1].label?.text == "interface" ? "any \(model)" : model
    let access = declaration.generatedAccessModifier
    return [
      "\(raw: access)typealias State = \(raw: state)",
      "\(raw: access)typealias ViewModel = \(raw: viewModel)",
      "\(raw: access)let viewModel: ViewModel",
      "private let _stateObservation = Statecraft.StateObservation()",
      """
      @MainActor \(raw: access)func startObservingState(renderImmediately: Bool = true) {
        let current = renderImmediately ? viewModel.currentState() : nil
        _stateObservation.start(observing: viewModel.stateStream.observe(), current: current) {
          [weak self] state in
          self?.render(state)
        }
      }
      """,
      """
      @MainActor \(raw: access)func stopObservingState() {
        _stateObservation.stop()
      }
      """,
      """
      @MainActor \(raw: access)func renderCurrentState() {
        render(viewModel.currentState())
      }
      """,
    ]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(ClassDeclSyntax.self) else { return [] }  // the member role diagnoses
    return conformanceExtension(of: type, to: protocols)
  }

  /// `Name` from an argument written `Name.self`, or a diagnostic.
  private static func typeName(
    in argument: LabeledExprSyntax, label: String, context: some MacroExpansionContext
  ) -> String? {
    if let access = argument.expression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.self), let base = access.base
    {
      return base.trimmedDescription
    }
    context.diagnose(
      Diagnostic(
        node: argument.expression,
        message: StreamingMacroMessage.needsTypeArgument(macro: "Modeled", label: label)))
    return nil
  }
}
