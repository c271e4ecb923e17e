/// A state, event or output type that the state-machine DSL can match: by value, or by case with
/// its associated values extracted, as in `When(state: State.open(persons:)) { persons in … }`.
///
/// Conform an enum and you are done: `Equatable` is synthesized, and ``dslPayload(as:)`` has a
/// default implementation.
///
/// ```swift
/// enum State: DSLCompatible {
///   case open(persons: Int)
///   case closing(persons: Int)
///   case closed
/// }
/// ```
///
/// Matching never compares descriptions, case names or raw memory. A value pattern uses `==`. A case
/// pattern extracts the value's associated values, rebuilds a value with the case constructor, and
/// compares the two with `==`: they are equal exactly when the value is of that case. So cases that
/// print the same never match, nor do cases overloaded by argument labels (`load(id:)`,
/// `load(index:)`), nor struct states. With `@DSLCompatible`, which numbers the cases, a case
/// pattern compares case numbers instead of `==`, so a payload holding `Double.nan` matches its
/// case too; a plain conformance needs an `==` that is reflexive for the payload.
public protocol DSLCompatible: Sendable, Equatable {
  /// The value's associated values as `Payload` (a tuple for several), or `nil` if the value has no
  /// associated values or they are of another type. The default reads them with reflection.
  func dslPayload<Payload>(as type: Payload.Type) -> Payload?

  /// A number for the value's case, equal for all values of one case, or `nil` if unknown. Running
  /// machines use it to go straight to the `When`s a state's case can match, in a table indexed by
  /// it: number the cases 0, 1, 2…, as `@DSLCompatible` does. It also lets a case pattern match by
  /// case number instead of `==`. The default is `nil`, and machines then try every `When` in order.
  var dslCaseIndex: Int? { get }

  /// The name of the value's case, or `nil` if unknown, in which case ``label`` reflects. Written by
  /// `@DSLCompatible`.
  var dslCaseLabel: String? { get }
}

// MARK: - AsyncStateMachine's helpers

/// AsyncStateMachine's public helpers, on the same matching the DSL uses: reflection-free with
/// `@DSLCompatible`, reflection for plain conformances.
///
/// ```swift
/// let state = State.open(persons: 3)
/// #expect(state.label == "open")
/// #expect(state.matches(.open(persons: 1)))                        // the same case
/// #expect(state.matches(State.open(persons:)))
/// #expect(state.associatedValue(matching: State.open(persons:)) == 3)
/// #expect(state.associatedValue(expecting: Int.self) == 3)
/// ```
extension DSLCompatible {
  /// `nil`: a plain conformance does not name its cases, so ``label`` reads the name with
  /// reflection.
  public var dslCaseLabel: String? { nil }

  /// The name of the value's case: `open` for `.open(persons: 3)`, `closed` for `.closed`.
  public var label: String {
    if let dslCaseLabel { return dslCaseLabel }
    return Mirror(reflecting: self).children.first?.label ?? String(describing: self)
  }

  /// Whether the value is of the same case as `other`, whatever their associated values.
  public func matches(_ other: Self) -> Bool {
    if let caseIndex = dslCaseIndex, let otherCaseIndex = other.dslCaseIndex {
      return caseIndex == otherCaseIndex
    }
    return self == other || label == other.label
  }

  /// Whether the value was built by `definition`, a case constructor such as `State.open(persons:)`.
  public func matches<AssociatedValue>(_ definition: (AssociatedValue) -> Self) -> Bool {
    associatedValue(matching: definition) != nil
  }

  /// The value's associated values, if they are of type `expecting` (a tuple for several).
  public func associatedValue<AssociatedValue>(expecting: AssociatedValue.Type) -> AssociatedValue? {
    dslPayload(as: AssociatedValue.self)
  }

  /// The value's associated values, if it was built by `definition`, a case constructor such as
  /// `State.open(persons:)`. Inlinable: the DSL matches every case-constructor pattern through it.
  @inlinable
  public func associatedValue<AssociatedValue>(
    matching definition: (AssociatedValue) -> Self
  ) -> AssociatedValue? {
    guard let payload = dslPayload(as: AssociatedValue.self) else { return nil }
    let rebuilt = definition(payload)
    // Where the type numbers its cases, the case decides: a payload that is not equal to itself,
    // such as `Double.nan`, still matches its case.
    if let valueCase = dslCaseIndex, let rebuiltCase = rebuilt.dslCaseIndex {
      return valueCase == rebuiltCase ? payload : nil
    }
    return rebuilt == self ? payload : nil
  }
}

extension DSLCompatible {
  /// `nil`: a plain conformance does not number its cases, so running machines try every `When`
  /// in order, and case patterns compare with `==`.
  public var dslCaseIndex: Int? { nil }

  /// Reads the associated values with reflection, as ``dslReflectedPayload(as:)`` does.
  public func dslPayload<Payload>(as type: Payload.Type) -> Payload? {
    dslReflectedPayload(as: type)
  }

  /// Reads the associated values with reflection: the default of ``dslPayload(as:)``, and what
  /// `@DSLCompatible` falls back to for cases that Swift cannot pattern-match.
  public func dslReflectedPayload<Payload>(as type: Payload.Type) -> Payload? {
    let mirror = Mirror(reflecting: self)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
      return nil
    }
    if let payload = payload as? Payload { return payload }
    // One labelled associated value, `open(persons: 3)`, is reflected as a one-element tuple.
    let tuple = Mirror(reflecting: payload)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Payload
  }
}

/// Conforms an enum or a struct to ``DSLCompatible`` and writes ``DSLCompatible/dslPayload(as:)``
/// as a `switch` over its cases, so that matching a case never uses reflection:
///
/// ```swift
/// @DSLCompatible
/// enum DoorState {
///   case open(persons: Int)
///   case closed
/// }
/// ```
///
/// Use it for machines that handle many events; plain conformance reads associated values with
/// reflection, which is much slower than the macro's `switch` (see the Performance article).
@attached(extension, conformances: DSLCompatible, names: named(dslPayload), named(dslCaseIndex), named(dslCaseLabel))
public macro DSLCompatible() = #externalMacro(module: "StatecraftMacros", type: "DSLCompatibleMacro")

extension Never: DSLCompatible {}
