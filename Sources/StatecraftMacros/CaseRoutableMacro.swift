import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@CaseRoutable`: conforms an enum to `CaseRoutable`, with a `Cases` struct holding one
/// `EnumCase` per case that has one associated value, written as `if case`s, so that routing an
/// action reads its value without reflection.
public struct CaseRoutableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: CaseRoutableMessage.notEnum))
      return []
    }
    let access = declaration.generatedAccessModifier
    let enumType = type.trimmed.description
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
    let conformance = protocols.isEmpty ? "" : ": Statecraft.CaseRoutable"
    let extensionDecl: DeclSyntax = """
      extension \(type.trimmed)\(raw: conformance) {
        /// The cases of `\(raw: enumType)` that have one associated value, as key paths for
        /// composed reducers: `\\.case`.
        \(raw: access)struct Cases: Sendable {
          \(raw: properties.joined(separator: "\n\n"))
        }

        \(raw: access)static var cases: Cases { Cases() }
      }
      """
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
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
