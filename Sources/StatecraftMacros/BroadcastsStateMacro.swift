import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@BroadcastsState(initial:)`: writes the private state broadcast of seed `003`, the
/// `stateStream` and `currentState()` that read it, and the `StateStreaming` and `Stateful`
/// conformances.
public struct BroadcastsStateMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.isReferenceType else {
      context.diagnose(
        Diagnostic(
          node: node, message: StreamingMacroMessage.needsReferenceType(macro: "BroadcastsState")))
      return []
    }
    guard let initial = node.arguments?.as(LabeledExprListSyntax.self)?.first?.expression else {
      return []  // the compiler rejects a missing argument
    }
    let access = declaration.generatedAccessModifier
    return [
      "private let _stateBroadcast = Statecraft.StateBroadcast<State>(\(initial.trimmed))",
      """
      \(raw: access)nonisolated var stateStream: any Statecraft.AsyncBroadcast<State> {
        _stateBroadcast.erased()
      }
      """,
      """
      \(raw: access)nonisolated func currentState() -> State {
        _stateBroadcast.current
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
    guard declaration.isReferenceType else { return [] }  // the member role diagnoses
    return conformanceExtension(of: type, to: protocols)
  }
}
