public import OrderedCollections

/// The observation of a value marked `@ObservableState`, which the macro stores in it as
/// `_$fields`, and which its generated accessors call.
///
/// It is not part of the state: every two are equal, it hashes and encodes nothing, and copies of a
/// value share it, so that a change to any copy is told to the observers of all of them (more
/// often than needed, never less).
@_documentation(visibility: internal)
public struct FieldRegistrar: Sendable, Hashable, Codable {
  @usableFromInline let box: FieldBox

  public init() {
    box = FieldBox()
  }

  public init(from decoder: any Decoder) throws {
    self.init()
  }

  public func encode(to encoder: any Encoder) throws {}

  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  public func hash(into hasher: inout Hasher) {}

  // MARK: Reading a field

  /// A read of field number `field`.
  @inlinable
  public func access<Member>(_ field: Int, _ member: Member) {
    box.access(field)
  }

  /// A read of field number `field`, whose marked value is armed when this one is, so that a view
  /// that reads its fields observes them.
  @inlinable
  public func access<Member: ObservableState>(_ field: Int, _ member: Member) {
    if box.access(field) { member._$fields.box.arm() }
  }

  /// A read of field number `field`, whose marked value, if present, is armed when this one is.
  @inlinable
  public func access<Member: ObservableState>(_ field: Int, _ member: Member?) {
    if box.access(field), let member { member._$fields.box.arm() }
  }

  // MARK: Setting a field

  /// Sets field number `field`, which is told changed.
  @inlinable
  public func set<Member>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    storage = newValue
    box.changed(field)
  }

  /// Sets field number `field`, which is told changed if the new value is not equal to the old.
  @inlinable
  public func set<Member: Equatable>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    guard box.isArmed, storage != newValue else {
      storage = newValue
      return
    }
    storage = newValue
    box.logChange(field)
  }

  /// Sets a marked field, which is told changed if it now holds another value: an equal value
  /// that is another value is told too, since its readers observe the value they read.
  @inlinable
  public func set<Member: ObservableState>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    setIdentified(field, &storage, newValue)
  }

  /// The setter of a marked field, for one that is also `Equatable`.
  @inlinable
  public func set<Member: ObservableState & Equatable>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    setIdentified(field, &storage, newValue)
  }

  /// Sets an optional marked field, which is told changed if it now holds another value, or none.
  @inlinable
  public func set<Member: ObservableState>(_ field: Int, _ storage: inout Member?, _ newValue: Member?) {
    setIdentified(field, &storage, newValue)
  }

  /// The setter of an optional marked field, for one that is also `Equatable`.
  @inlinable
  public func set<Member: ObservableState & Equatable>(_ field: Int, _ storage: inout Member?, _ newValue: Member?) {
    setIdentified(field, &storage, newValue)
  }

  /// Sets a collection of marked values, which is told changed if it now holds other ids, in
  /// another order, or another value for an id.
  @inlinable
  public func set<Member: MarkedCollection>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    setElements(field, &storage, newValue)
  }

  /// The setter of a collection of marked values, for one that is also `Equatable`.
  @inlinable
  public func set<Member: MarkedCollection & Equatable>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    setElements(field, &storage, newValue)
  }

  @inlinable
  func setIdentified<Member: ObservableState>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    let changed = box.isArmed && FieldIdentity(storage) != FieldIdentity(newValue)
    storage = newValue
    if changed { box.logChange(field) }
  }

  @inlinable
  func setIdentified<Member: ObservableState>(_ field: Int, _ storage: inout Member?, _ newValue: Member?) {
    let changed = box.isArmed && FieldIdentity(storage) != FieldIdentity(newValue)
    storage = newValue
    if changed { box.logChange(field) }
  }

  @inlinable
  func setElements<Member: MarkedCollection>(_ field: Int, _ storage: inout Member, _ newValue: Member) {
    let changed = box.isArmed && !storage.holdsSameValues(as: newValue)
    storage = newValue
    if changed { box.logChange(field) }
  }

  // MARK: Modifying a field in place

  /// Before field number `field` is modified in place: whether this value is armed.
  @inlinable
  public func willModify<Member>(_ field: Int, _ member: Member) -> Bool {
    box.isArmed
  }

  /// After field number `field` was modified in place: it is told changed.
  @inlinable
  public func didModify<Member>(_ field: Int, _ member: Member, _ armed: Bool) {
    if armed { box.logChange(field) }
  }

  /// Before a plain field is modified in place: its value, if this value is armed.
  @inlinable
  public func willModify<Member: Equatable & BitwiseCopyable>(_ field: Int, _ member: Member) -> Member? {
    box.isArmed ? member : nil
  }

  /// After a plain field was modified in place: it is told changed if it is not equal to before.
  @inlinable
  public func didModify<Member: Equatable & BitwiseCopyable>(_ field: Int, _ member: Member, _ before: Member?) {
    if let before, before != member { box.logChange(field) }
  }

  /// Before a marked field is modified in place: which value it is, if this value is armed.
  @inlinable
  public func willModify<Member: ObservableState>(_ field: Int, _ member: Member) -> FieldIdentity {
    box.isArmed ? FieldIdentity(member) : .unobserved
  }

  /// Before an optional marked field is modified in place: which value it holds, if any, if this
  /// value is armed.
  @inlinable
  public func willModify<Member: ObservableState>(_ field: Int, _ member: Member?) -> FieldIdentity {
    box.isArmed ? FieldIdentity(member) : .unobserved
  }

  /// After a marked field was modified in place: it is told changed only if it holds another value
  /// (or, optional, became absent or present). A change inside the value is told by the value.
  @inlinable
  public func didModify<Member: ObservableState>(_ field: Int, _ member: Member, _ before: FieldIdentity) {
    if before != .unobserved, before != FieldIdentity(member) { box.logChange(field) }
  }

  /// After an optional marked field was modified in place: as for a marked field.
  @inlinable
  public func didModify<Member: ObservableState>(_ field: Int, _ member: Member?, _ before: FieldIdentity) {
    if before != .unobserved, before != FieldIdentity(member) { box.logChange(field) }
  }

  /// Before a collection of marked values is modified in place: its ids, if this value is armed.
  @inlinable
  public func willModify<Member: MarkedCollection>(_ field: Int, _ member: Member) -> ElementsBefore<Member.ElementID>?
  {
    box.isArmed ? ElementsBefore(ids: member._$ids) : nil
  }

  /// After a collection of marked values was modified in place: it is told changed unless it holds
  /// the same ids in the same order and the change was elements run in place by `forEach`, which
  /// those elements tell their readers themselves. So one row's action tells one row's readers; a
  /// parent's own write into the collection, which may replace an element by another value with
  /// the same id, is told to every reader of the collection.
  @inlinable
  public func didModify<Member: MarkedCollection>(
    _ field: Int, _ member: Member, _ before: ElementsBefore<Member.ElementID>?
  ) {
    guard let before else { return }
    if !before.wereRunInPlace || member._$ids != before.ids { box.logChange(field) }
  }
}

/// What a collection of marked values held before it was modified in place.
@_documentation(visibility: internal)
public struct ElementsBefore<ID: Hashable> {
  /// A copy of the ids, which shares their storage: unless ids were added, removed or moved,
  /// comparing them afterwards is a pointer comparison.
  @usableFromInline let ids: OrderedSet<ID>
  @usableFromInline let elementRuns: UInt64?

  @inlinable
  init(ids: OrderedSet<ID>) {
    self.ids = ids
    elementRuns = ObservationTransaction.current?.elementRuns
  }

  /// Whether the modification was elements run by `forEach`, the last of which stayed the same
  /// value (an element of one of them may hold a collection run in its turn).
  @inlinable
  var wereRunInPlace: Bool {
    guard let elementRuns, let transaction = ObservationTransaction.current else { return false }
    return transaction.elementRuns != elementRuns && transaction.lastElementStayed
  }
}

/// Which marked value a field holds, compared before and after the field is modified in place. It
/// holds the value's observation, so that a value replaced during the modification is not taken
/// for another that reuses its address, and, for an enum, its case.
@_documentation(visibility: internal)
public enum FieldIdentity: Equatable, Sendable {
  case unobserved
  case absent
  case value(FieldRegistrar, case: Int)

  @inlinable
  init<Value: ObservableState>(_ value: Value) {
    self = .value(value._$fields, case: value._$case)
  }

  @inlinable
  init<Value: ObservableState>(_ value: Value?) {
    if let value {
      self = .value(value._$fields, case: value._$case)
    } else {
      self = .absent
    }
  }

  /// The identity of a field of a marked value, as the macro's `_$identity(of:in:)` finds it: a
  /// marked value, or an optional one, by its observation; anything else is not compared.
  @inlinable
  public static func of<Value: ObservableState>(_ value: Value) -> Self {
    Self(value)
  }

  /// The identity of an optional marked field.
  @inlinable
  public static func of<Value: ObservableState>(_ value: Value?) -> Self {
    Self(value)
  }

  /// A field that is not marked: not compared.
  @inlinable
  public static func of<Value>(_ value: Value) -> Self {
    .unobserved
  }

  /// The case number of a marked enum's case `index`, whose value is marked: `index`.
  @inlinable
  public static func `case`<Value: ObservableState>(_ index: Int, of value: Value) -> Int { index }

  /// The case number of a case whose value is an optional marked value: `index`.
  @inlinable
  public static func `case`<Value: ObservableState>(_ index: Int, of value: Value?) -> Int { index }

  /// The case number of a case whose value is not marked: negative, so that it counts as another
  /// value whenever it is written.
  @inlinable
  public static func `case`<Value>(_ index: Int, of value: Value) -> Int { -1 }

  /// Whether the value is armed: handed out by a store, so that its readers observe its fields.
  @inlinable
  var isArmed: Bool {
    guard case .value(let fields, _) = self else { return false }
    return fields.box.isArmed
  }

  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.unobserved, .unobserved), (.absent, .absent): true
    case (.value(let lhs, let lhsCase), .value(let rhs, let rhsCase)):
      lhsCase >= 0 && lhsCase == rhsCase && lhs.box === rhs.box
    default: false
    }
  }
}

extension FieldRegistrar {
  /// The observation of a marked enum in a case without a marked value: one for all such cases,
  /// told apart by their case numbers. It has no fields, so arming it costs nothing afterwards.
  public static let withoutFields = FieldRegistrar()

  /// The observation of a marked enum's case whose value is marked: the value's.
  @inlinable
  public static func of<Value: ObservableState>(_ value: Value) -> FieldRegistrar { value._$fields }

  /// The observation of a marked enum's case whose value is an optional marked value.
  @inlinable
  public static func of<Value: ObservableState>(_ value: Value?) -> FieldRegistrar {
    value?._$fields ?? withoutFields
  }

  /// The observation of a marked enum's case whose value is not marked: ``withoutFields``.
  @inlinable
  public static func of<Value>(_ value: Value) -> FieldRegistrar { withoutFields }
}
