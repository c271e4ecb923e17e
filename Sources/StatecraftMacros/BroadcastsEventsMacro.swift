import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@BroadcastsEvents`: writes the private event broadcast of seed `003`, the `eventStream` that
/// reads it, and the `EventStreaming` conformance.
public struct BroadcastsEventsMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.isReferenceType else {
      context.diagnose(
        Diagnostic(
          node: node, message: StreamingMacroMessage.needsReferenceType(macro: "BroadcastsEvents")))
      return []
    }
    let access = declaration.generatedAccessModifier
    return [
      "private let _eventBroadcast = Statecraft.OpenAsyncBroadcast<StreamedEvent>()",
      """
      \(raw: access)nonisolated var eventStream: any Statecraft.AsyncBroadcast<StreamedEvent> {
        _eventBroadcast.erased()
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
