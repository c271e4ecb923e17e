import SwiftParser
import SwiftSyntax

/// The public declarations of one library source, as DocC lists them: those marked `public` or
/// `open`, the requirements of a public protocol, and the cases of a public enum.
struct PublicDeclarations {
  /// A public declaration and what its doc comment holds.
  struct Declaration: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var isType: Bool
    var hasDocComment: Bool
    var hasExample: Bool

    var description: String { "\(file):\(line): \(text)" }
  }

  let declarations: [Declaration]

  init(source: String, file: String) {
    let tree = Parser.parse(source: source)
    let finder = Finder(converter: SourceLocationConverter(fileName: file, tree: tree), file: file)
    finder.walk(tree)
    declarations = finder.found
  }

  /// Walks the tree, keeping track of the public types and protocols it is inside.
  private final class Finder: SyntaxVisitor {
    let converter: SourceLocationConverter
    let file: String
    var found: [Declaration] = []
    /// For each enclosing type or extension: whether its public members are API (an extension's
    /// type may be public, so its are), and whether its members without a modifier are (a public
    /// protocol's requirements, a public enum's cases).
    var scopes: [(isPublic: Bool, isPublicProtocol: Bool, isPublicEnum: Bool)] = []
    var inPublicScope: Bool { scopes.allSatisfy { $0.isPublic } }

    init(converter: SourceLocationConverter, file: String) {
      self.converter = converter
      self.file = file
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node, modifiers: node.modifiers, isType: true)
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node, modifiers: node.modifiers, isType: true)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node, modifiers: node.modifiers, isType: true)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node, modifiers: node.modifiers, isType: true, isEnum: true)
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node, modifiers: node.modifiers, isType: true, isProtocol: true)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      scopes.append((true, false, false))
      return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
      member(node, modifiers: node.modifiers)
    }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
      if scopes.last?.isPublicEnum == true { record(node, isType: false) }
      return .skipChildren
    }

    private func enter(
      _ node: some DeclSyntaxProtocol, modifiers: DeclModifierListSyntax, isType: Bool,
      isEnum: Bool = false, isProtocol: Bool = false
    ) -> SyntaxVisitorContinueKind {
      let isPublic = inPublicScope && Self.isPublic(modifiers) && !Self.isHiddenFromDocC(node)
      if isPublic { record(node, isType: isType) }
      scopes.append((isPublic, isPublic && isProtocol, isPublic && isEnum))
      return .visitChildren
    }

    /// Functions, properties and the like: their bodies hold no public declarations.
    private func member(
      _ node: some DeclSyntaxProtocol, modifiers: DeclModifierListSyntax
    ) -> SyntaxVisitorContinueKind {
      let isAPI = (inPublicScope && Self.isPublic(modifiers)) || scopes.last?.isPublicProtocol == true
      if isAPI && !Self.isHiddenFromDocC(node) {
        record(node, isType: false)
      }
      return .skipChildren
    }

    private func record(_ node: some DeclSyntaxProtocol, isType: Bool) {
      let comment = node.leadingTrivia.compactMap { piece -> String? in
        switch piece {
        case .docLineComment(let text), .docBlockComment(let text): text
        default: nil
        }
      }
      let start = node.positionAfterSkippingLeadingTrivia
      let firstLine = node.trimmedDescription.prefix { $0 != "\n" && $0 != "{" }
      found.append(
        Declaration(
          file: file, line: converter.location(for: start).line,
          text: String(firstLine.reversed().drop { $0 == " " }.reversed()), isType: isType,
          hasDocComment: !comment.isEmpty, hasExample: comment.contains { $0.contains("```") }))
    }

    /// `@_documentation(visibility: internal)` and the like keep a public declaration out of DocC.
    private static func isHiddenFromDocC(_ node: some DeclSyntaxProtocol) -> Bool {
      let attributes = Syntax(node).asProtocol(WithAttributesSyntax.self)?.attributes ?? []
      return attributes.contains {
        let attribute = $0.trimmedDescription
        return attribute.hasPrefix("@_documentation") && !attribute.contains("visibility: public")
      }
    }

    private static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
      modifiers.contains { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) }
    }
  }
}
