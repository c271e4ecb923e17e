import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@DSLCompatible`: conforms an enum or a struct to `DSLCompatible` and writes `dslPayload(as:)`,
/// `dslCaseIndex` and `dslCaseLabel` as `switch`es, so that matching a case reads its associated
/// values, and `label` its name, without reflection.
public struct DSLCompatibleMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let body: String
    let caseIndexBody: String
    let caseLabelBody: String
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      body = switchBody(for: enumDecl)
      caseIndexBody = caseSwitch(for: enumDecl) { index, name in "\(index)" }
      caseLabelBody = caseSwitch(for: enumDecl) { _, name in "\"\(name.filter { $0 != "`" })\"" }
    } else if declaration.is(StructDeclSyntax.self) {
      body = "nil"  // a struct state matches by value only
      caseIndexBody = "nil"
      caseLabelBody = "nil"
    } else {
      context.diagnose(
        Diagnostic(node: node, message: DSLCompatibleMessage.notEnumOrStruct))
      return []
    }
    let access = declaration.generatedAccessModifier
    let conformance = protocols.isEmpty ? "" : ": Statecraft.DSLCompatible"
    let extensionDecl: DeclSyntax = """
      extension \(type.trimmed)\(raw: conformance) {
        \(raw: access)func dslPayload<Payload>(as type: Payload.Type) -> Payload? {
          \(raw: body)
        }

        \(raw: access)var dslCaseIndex: Int? {
          \(raw: caseIndexBody)
        }

        \(raw: access)var dslCaseLabel: String? {
          \(raw: caseLabelBody)
        }
      }
      """
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
  }

  /// A `switch` that returns each case's associated values, a tuple for several.
  private static func switchBody(for enumDecl: EnumDeclSyntax) -> String {
    let cases = CaseList(enumDecl)
    guard !cases.elements.isEmpty else { return "nil" }
    var lines: [String] = []
    for element in cases.matchable {
      let name = element.name.text
      let count = element.parameterClause?.parameters.count ?? 0
      if count == 0 {
        lines.append("case .\(name): return nil")
      } else {
        let bindings = (0..<count).map { "let value\($0)" }.joined(separator: ", ")
        let values = (0..<count).map { "value\($0)" }.joined(separator: ", ")
        let payload = count == 1 ? values : "(\(values))"
        lines.append("case .\(name)(\(bindings)): return \(payload) as? Payload")
      }
    }
    if cases.hasOverloads { lines.append("default: return dslReflectedPayload(as: type)") }
    return "switch self {\n" + lines.joined(separator: "\n") + "\n}"
  }

  /// A `switch` that returns, for each case that Swift can pattern-match, the expression `value`
  /// makes from the case's index and name: its number, or its name as a string literal.
  private static func caseSwitch(
    for enumDecl: EnumDeclSyntax, value: (Int, String) -> String
  ) -> String {
    let cases = CaseList(enumDecl)
    guard !cases.elements.isEmpty else { return "nil" }
    var lines: [String] = []
    for (index, element) in cases.elements.enumerated() where !cases.isOverloaded(element) {
      lines.append("case .\(element.name.text): return \(value(index, element.name.text))")
    }
    if cases.hasOverloads { lines.append("default: return nil") }
    return "switch self {\n" + lines.joined(separator: "\n") + "\n}"
  }
}

/// The cases of an enum. Swift cannot pattern-match cases that share a name and differ only by
/// argument labels, so the generated code leaves those to a `default:`.
private struct CaseList {
  let elements: [EnumCaseElementSyntax]
  private let counts: [String: Int]

  init(_ enumDecl: EnumDeclSyntax) {
    elements = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    counts = elements.reduce(into: [:]) { $0[$1.name.text, default: 0] += 1 }
  }

  func isOverloaded(_ element: EnumCaseElementSyntax) -> Bool { counts[element.name.text, default: 0] > 1 }
  var matchable: [EnumCaseElementSyntax] { elements.filter { !isOverloaded($0) } }
  var hasOverloads: Bool { counts.values.contains { $0 > 1 } }
}

enum DSLCompatibleMessage: String, DiagnosticMessage {
  case notEnumOrStruct

  var message: String {
    "@DSLCompatible applies to enums and structs: states, events and outputs are values"
  }

  var diagnosticID: MessageID { MessageID(domain: "StatecraftMacros", id: rawValue) }
  var severity: DiagnosticSeverity { .error }
}
