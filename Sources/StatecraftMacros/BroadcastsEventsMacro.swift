public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@BroadcastsEvents`: writes the private event broadcast that async-state's samples wrote by
/// hand, the `eventStream` that reads it, and the `EventStreaming` conformance.
public struct BroadcastsEventsMacro: MemberMacro, BroadcastMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard isReferenceType(declaration, attribute: node, in: context) else { return [] }
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
}
