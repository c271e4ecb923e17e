import SwiftSyntax

extension DeclGroupSyntax {
  /// The access modifier, with a trailing space, that generated members need to satisfy a
  /// conformance: that of the type for public and package types, none otherwise.
  var generatedAccessModifier: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// Whether instances are shared by reference, as a broadcast or a renderer must be.
  var isReferenceType: Bool {
    self.is(ClassDeclSyntax.self) || self.is(ActorDeclSyntax.self)
  }
}

/// An extension that adds the conformances the compiler reports as missing, or none.
func conformanceExtension(
  of type: some TypeSyntaxProtocol, to protocols: [TypeSyntax]
) -> [ExtensionDeclSyntax] {
  guard !protocols.isEmpty else { return [] }
  let list = protocols.map { $0.trimmedDescription }.joined(separator: ", ")
  let decl: DeclSyntax = "extension \(type.trimmed): \(raw: list) {}"
  return [decl.cast(ExtensionDeclSyntax.self)]
}
