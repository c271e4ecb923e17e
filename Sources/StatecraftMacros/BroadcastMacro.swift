import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// What `@BroadcastsState` and `@BroadcastsEvents` share: they apply to classes and actors, and
/// their extension role adds the conformances the compiler reports as missing.
public protocol BroadcastMacro: ExtensionMacro {}

extension BroadcastMacro {
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

  /// Whether `declaration` is a class or an actor; if not, reports it at `attribute`.
  static func isReferenceType(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) -> Bool {
    guard declaration.isReferenceType else {
      let name = attribute.attributeName.trimmedDescription
      context.diagnose(
        Diagnostic(node: attribute, message: StreamingMacroMessage.needsReferenceType(macro: name)))
      return false
    }
    return true
  }
}
