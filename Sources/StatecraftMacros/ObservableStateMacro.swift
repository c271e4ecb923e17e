import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@ObservableState`: observation per field for a state struct, and per case for an enum.
///
/// It stores a `FieldRegistrar` in the struct as `_$fields`, attaches `@_ObservedField(n)` to each
/// stored `var` it observes (numbered in declaration order, which keys the field's observers), and
/// writes what the private storage would otherwise change: `CodingKeys` that keep the JSON keys the
/// fields' names, a mirror that shows the fields, not their storage, `_$storage(of:)` and
/// `_$identity(of:at:)` and `_$fields(at:)`, with which the composition tools write a field in place,
/// and `_$fieldNames`, which names the fields a send changed.
public struct ObservableStateMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(of: enumDecl, access: declaration.generatedAccessModifier)
    }
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: ObservableStateMessage.notStructOrEnum))
      return []
    }
    let access = declaration.generatedAccessModifier
    let stored = declaration.storedProperties
    var members: [DeclSyntax] = [
      "@ObservationStateIgnored \(raw: access)let _$fields = Statecraft.FieldRegistrar()"
    ]
    diagnoseCodingKeys(of: declaration, observing: Set(stored.filter(\.isObserved).map(\.name)), in: context)
    if declaration.inherits(anyOf: ["Codable", "Encodable", "Decodable"]),
      !declaration.declaresMember(named: "CodingKeys")
    {
      let cases = stored.map { property in
        property.isObserved ? "case _\(property.name) = \"\(property.name)\"" : "case \(property.name)"
      }
      members.append(
        """
        enum CodingKeys: String, CodingKey {
          \(raw: cases.joined(separator: "\n"))
        }
        """)
    }
    let observed = stored.filter(\.isObserved)
    let storage = observed.enumerated().map { index, property in
      "if field == \\Self.\(property.name) { return (\\Self._\(property.name), \(index)) }"
    }
    members.append(
      """
      \(raw: access)static func _$storage(of field: AnyKeyPath) -> (storage: AnyKeyPath, index: Int)? {
        \(raw: (storage + ["return nil"]).joined(separator: "\n"))
      }
      """)
    let identities = observed.enumerated().map { index, property in
      "case \(index): Statecraft.FieldIdentity.of(value.assumingMemoryBound(to: Self.self).pointee._\(property.name))"
    }
    members.append(
      """
      \(raw: access)static func _$identity(of field: Int, at value: UnsafeRawPointer) -> Statecraft.FieldIdentity {
        switch field {
        \(raw: (identities + ["default: .unobserved"]).joined(separator: "\n"))
        }
      }
      """)
    members.append(
      """
      \(raw: access)static func _$fields(at value: UnsafeRawPointer) -> Statecraft.FieldRegistrar {
        value.assumingMemoryBound(to: Self.self).pointee._$fields
      }
      """)
    let names = observed.map { "\"\($0.name)\"" }.joined(separator: ", ")
    members.append("\(raw: access)static var _$fieldNames: [String] { [\(raw: names)] }")
    if !declaration.declaresMember(named: "customMirror") {
      let children =
        stored.isEmpty
        ? ":" : stored.map { "\"\($0.name)\": self.\($0.name) as Any" }.joined(separator: ", ")
      members.append(
        """
        \(raw: access)var customMirror: Mirror {
          Mirror(self, children: [\(raw: children)], displayStyle: .struct)
        }
        """)
    }
    return members
  }

  /// An enum's `_$fields` and `_$case`, and their readers in place: a case with one value has the value's observation, if the
  /// value is marked (which overloads decide where its type is known), and its own number; a case
  /// without a value shares one observation, told apart by its number; a case with several values
  /// is not compared (a negative number), and counts as changed whenever it is written.
  private static func enumMembers(of declaration: EnumDeclSyntax, access: String) -> [DeclSyntax] {
    let elements = declaration.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    var fields: [String] = []
    var cases: [String] = []
    for (index, element) in elements.enumerated() {
      let name = element.name.text
      switch element.parameterClause?.parameters.count ?? 0 {
      case 0:
        fields.append("case .\(name): Statecraft.FieldRegistrar.withoutFields")
        cases.append("case .\(name): \(index)")
      case 1:
        fields.append("case .\(name)(let value): Statecraft.FieldRegistrar.of(value)")
        cases.append("case .\(name)(let value): Statecraft.FieldIdentity.case(\(index), of: value)")
      default:
        fields.append("case .\(name): Statecraft.FieldRegistrar.withoutFields")
        cases.append("case .\(name): -1")
      }
    }
    return [
      """
      \(raw: access)var _$fields: Statecraft.FieldRegistrar {
        switch self {
        \(raw: fields.joined(separator: "\n"))
        }
      }
      """,
      """
      \(raw: access)var _$case: Int {
        switch self {
        \(raw: cases.joined(separator: "\n"))
        }
      }
      """,
      """
      \(raw: access)static func _$fields(at value: UnsafeRawPointer) -> Statecraft.FieldRegistrar {
        value.assumingMemoryBound(to: Self.self).pointee._$fields
      }
      """,
      """
      \(raw: access)static func _$case(at value: UnsafeRawPointer) -> Int {
        value.assumingMemoryBound(to: Self.self).pointee._$case
      }
      """,
    ]
  }

  /// Declared coding keys must name an observed field's storage, which Codable encodes.
  private static func diagnoseCodingKeys(
    of declaration: some DeclGroupSyntax, observing observed: Set<String>, in context: some MacroExpansionContext
  ) {
    let codingKeys = declaration.memberBlock.members.compactMap { $0.decl.as(EnumDeclSyntax.self) }
      .first { $0.name.text == "CodingKeys" }
    let elements =
      codingKeys?.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements) ?? []
    for element in elements where observed.contains(element.name.text) {
      let name = element.name.text
      let key = element.rawValue?.value.trimmedDescription ?? "\"\(name)\""
      context.diagnose(
        Diagnostic(node: element, message: ObservableStateMessage.codingKeyNamesField(name: name, key: key)))
    }
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
      let property = StoredProperty(variable), property.isObserved,
      let index = declaration.storedProperties.filter(\.isObserved).firstIndex(where: {
        $0.name == property.name
      })
    else { return [] }
    return ["@_ObservedField(\(raw: index))"]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let isEnum = declaration.is(EnumDeclSyntax.self)
    guard declaration.is(StructDeclSyntax.self) || isEnum else { return [] }
    let wanted = protocols.filter { proto in
      let name = proto.trimmedDescription
      if name.hasSuffix("CustomReflectable") {
        return !isEnum && !declaration.declaresMember(named: "customMirror")
      }
      return true
    }
    guard !wanted.isEmpty else { return [] }
    let list = wanted.map { proto in
      proto.trimmedDescription.hasSuffix("ObservableState") ? "Statecraft.ObservableState" : "CustomReflectable"
    }
    let decl: DeclSyntax = "extension \(type.trimmed): \(raw: list.joined(separator: ", ")) {}"
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

/// `@_ObservedField(n)`: the accessors of field number `n` of an `@ObservableState` struct, over
/// private storage named after it with a leading underscore.
public struct ObservedFieldMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = StoredProperty(declaration), property.isObserved,
      let index = node.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmedDescription
    else { return [] }
    let storage = "_\(property.name)"
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
        \(raw: storage) = initialValue
      }
      """,
      """
      get {
        _$fields.access(\(raw: index), \(raw: storage))
        return \(raw: storage)
      }
      """,
      """
      set {
        _$fields.set(\(raw: index), &\(raw: storage), newValue)
      }
      """,
      """
      _modify {
        let before = _$fields.willModify(\(raw: index), \(raw: storage))
        yield &\(raw: storage)
        _$fields.didModify(\(raw: index), \(raw: storage), before)
      }
      """,
    ]
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self), let property = StoredProperty(variable),
      property.isObserved, let binding = variable.bindings.first
    else { return [] }
    let type = binding.typeAnnotation.map { $0.trimmedDescription } ?? ""
    let value = binding.initializer.map { " \($0.trimmedDescription)" } ?? ""
    return ["private var _\(raw: property.name)\(raw: type)\(raw: value)"]
  }
}

/// `@ObservationStateIgnored`: a marker that `@ObservableState` reads; it expands to nothing.
public struct ObservationStateIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// A stored instance property of a struct, and whether `@ObservableState` observes it.
struct StoredProperty {
  let declaration: VariableDeclSyntax
  let name: String
  /// A `var` without property wrappers, `lazy`, observers or `@ObservationStateIgnored`.
  let isObserved: Bool

  init?(_ declaration: some DeclSyntaxProtocol) {
    guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      binding.accessorBlock == nil,
      !variable.modifiers.contains(where: {
        [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
      })
    else { return nil }
    self.declaration = variable
    self.name = name
    let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
    let hasAttributes = variable.attributes.contains { attribute in
      guard let attribute = attribute.as(AttributeSyntax.self) else { return true }
      let name = attribute.attributeName.trimmedDescription
      return name != "_ObservedField"
    }
    isObserved =
      variable.bindingSpecifier.tokenKind == .keyword(.var) && !isLazy && !hasAttributes
      && name != "_$fields"
  }
}

extension DeclGroupSyntax {
  /// The stored instance properties, in declaration order, `_$fields` aside.
  fileprivate var storedProperties: [StoredProperty] {
    memberBlock.members.compactMap { StoredProperty($0.decl) }.filter { $0.name != "_$fields" }
  }

  fileprivate func inherits(anyOf names: Set<String>) -> Bool {
    inheritanceClause?.inheritedTypes.contains { inherited in
      let name = inherited.type.trimmedDescription
      return names.contains(name) || names.contains(name.split(separator: ".").last.map(String.init) ?? "")
    } ?? false
  }

  fileprivate func declaresMember(named name: String) -> Bool {
    memberBlock.members.contains { member in
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        return variable.bindings.contains {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
      }
      if let enumDecl = member.decl.as(EnumDeclSyntax.self) { return enumDecl.name.text == name }
      if let structDecl = member.decl.as(StructDeclSyntax.self) { return structDecl.name.text == name }
      if let alias = member.decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == name }
      return false
    }
  }
}

enum ObservableStateMessage: DiagnosticMessage {
  case notStructOrEnum
  case codingKeyNamesField(name: String, key: String)

  var message: String {
    switch self {
    case .notStructOrEnum:
      "@ObservableState applies to structs and enums: a class is observed as a whole, as a field of "
        + "the struct that holds it"
    case .codingKeyNamesField(let name, let key):
      "'\(name)' is stored as '_\(name)' under @ObservableState, and Codable encodes the storage: "
        + "write 'case _\(name) = \(key)'"
    }
  }

  var diagnosticID: MessageID {
    switch self {
    case .notStructOrEnum: MessageID(domain: "StatecraftMacros", id: "notStructOrEnum")
    case .codingKeyNamesField: MessageID(domain: "StatecraftMacros", id: "codingKeyNamesField")
    }
  }

  var severity: DiagnosticSeverity { .error }
}
