import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@CaseRoutable`: conforms an enum to `CaseRoutable`, with a `Cases` struct holding one
/// `EnumCase` per case that has one associated value, written as `if case`s, so that routing an
/// action reads its value without reflection.
///
/// The members are written inside the enum, so that the types of its cases resolve as they do
/// there (an enum nested in a feature's namespace names its siblings unqualified); the extension
/// adds only the conformance.
public struct CaseRoutableMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: CaseRoutableMessage.notEnum))
      return []
    }
    let access = declaration.generatedAccessModifier
    let enumType = enumDecl.name.text
    let elements = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    let counts = elements.reduce(into: [String: Int]()) { $0[$1.name.text, default: 0] += 1 }
    var properties: [String] = []
    for element in elements where counts[element.name.text] == 1 {
      guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
        let parameter = parameters.first
      else { continue }
      let name = element.name.text
      let label = parameter.firstName.map { $0.text == "_" ? "" : "\($0.text): " } ?? ""
      let valueType = parameter.type.trimmedDescription
      properties.append(
        """
        \(access)var \(name): Statecraft.EnumCase<\(enumType), \(valueType)> {
          Statecraft.EnumCase(
            embed: { \(enumType).\(name)(\(label)$0) },
            extract: { root in
              guard case .\(name)(let value) = root else { return nil }
              return value
            },
            modify: { Cases.modify_\(name)(&$0, $1) })
        }

        private static func modify_\(name)(
          _ root: inout \(enumType), _ body: (inout \(valueType)) -> Void
        ) -> Bool {
          guard case .\(name)(var value) = root else { return false }
          body(&value)
          root = .\(name)(\(label)value)
          return true
        }
        """)
    }
    let cases: DeclSyntax = """
      /// The cases of `\(raw: enumType)` that have one associated value, as key paths for
      /// composed reducers: `\\.case`.
      \(raw: access)struct Cases: Sendable {
        \(raw: properties.joined(separator: "\n\n"))
      }
      """
    let accessor: DeclSyntax = "\(raw: access)static var cases: Cases { Cases() }"
    return [cases, accessor]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(EnumDeclSyntax.self), !protocols.isEmpty else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): Statecraft.CaseRoutable {}"
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

enum CaseRoutableMessage: String, DiagnosticMessage {
  case notEnum

  var message: String {
    "@CaseRoutable applies to enums: it makes their cases key paths for composed reducers"
  }

  var diagnosticID: MessageID { MessageID(domain: "StatecraftMacros", id: rawValue) }
  var severity: DiagnosticSeverity { .error }
}
