/// How the DSL matches a value: by equality, by case, or by membership in a ``OneOf``. It hands
/// back what the DSL's closures receive: the value itself, or a case's associated values.
@usableFromInline
struct DSLPattern<Value: DSLCompatible, Extracted>: Sendable {
  @usableFromInline let extract: @Sendable (Value) -> Extracted?
  /// Which values it can match, for dispatch by case.
  @usableFromInline var filter = CaseFilter.any

  @usableFromInline
  init(extract: @escaping @Sendable (Value) -> Extracted?, filter: CaseFilter = .any) {
    self.extract = extract
    self.filter = filter
  }

  @inlinable
  func matches(_ value: Value) -> Bool { extract(value) != nil }
}

extension DSLPattern where Extracted == Value {
  /// Matches values equal to `expected`.
  @inlinable
  static func value(_ expected: Value) -> Self {
    Self(extract: { $0 == expected ? $0 : nil }, filter: .value(caseIndex: expected.dslCaseIndex))
  }

  /// Matches values that any pattern of `set` matches.
  @inlinable
  static func oneOf(_ set: OneOf<Value>) -> Self {
    Self(extract: { value in set.patterns.contains { $0(value) } ? value : nil }, filter: .any)
  }
}

extension DSLPattern {
  /// Matches values of the case that `constructor` builds, and extracts its associated values.
  @inlinable
  static func `case`(_ constructor: @escaping @Sendable (Extracted) -> Value) -> Self {
    Self(extract: { payload(of: $0, ifBuiltBy: constructor) }, filter: .caseOnly)
  }

  /// The associated values of `value`, if it is of the case `constructor` builds.
  @inlinable
  static func payload(of value: Value, ifBuiltBy constructor: (Extracted) -> Value) -> Extracted? {
    value.associatedValue(matching: constructor)
  }
}
