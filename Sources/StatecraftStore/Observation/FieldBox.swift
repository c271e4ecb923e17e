internal import CStatecraftRuntime
public import Observation
public import Synchronization

/// What makes one value of an `@ObservableState` state observable: the reference its copies share,
/// which holds the value's registrar once a store has handed the value out.
///
/// A value is *armed* when it has a registrar. A store arms the state its `state` getter returns,
/// and an armed value's getters arm the marked values they return, so that only values a view can
/// reach pay for observation. Until then reducers touch the value for one atomic load per access,
/// and nothing is allocated.
@usableFromInline
final class FieldBox: Observable, Sendable {
  @usableFromInline let observers = Atomic<Unmanaged<FieldObservers>?>(nil)
  /// The fields read since their observers were last told, one bit each: a field that nothing read
  /// since has no observer to tell (observation tracking registers anew with each read), so a
  /// change to it costs no call into the registrar.
  @usableFromInline let readFields = Atomic<UInt64>(0)

  // Safe without isolation: read and written only by the thread whose transaction is open
  // (`ObservationTransaction.log`), and stores open transactions on the main actor alone; in single
  // accesses, so without runtime exclusivity checks.
  @exclusivity(unchecked) nonisolated(unsafe) var loggedIn: UInt64 = 0
  // Safe without isolation: as `loggedIn`.
  @exclusivity(unchecked) nonisolated(unsafe) var loggedFields: UInt64 = 0

  @usableFromInline init() {}

  deinit {
    observers.load(ordering: .acquiring)?.release()
  }

  /// The key of field number `field`: one per field up to 63, then one shared by the rest, which
  /// tells their observers more often than needed, never less.
  subscript(field field: Int) -> Int { field }

  @inlinable var isArmed: Bool { observers.load(ordering: .acquiring) != nil }

  /// Gives the value a registrar, if it has none.
  @inlinable func arm() {
    if observers.load(ordering: .acquiring) == nil { makeObservers() }
  }

  @usableFromInline func makeObservers() {
    let made = Unmanaged.passRetained(FieldObservers())
    let (exchanged, _) = observers.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if !exchanged { made.release() }
  }

  /// Registers a read of field number `field` with the observation tracking that runs, if the value
  /// is armed; returns whether it is.
  @inlinable @discardableResult
  func access(_ field: Int) -> Bool {
    guard let observers = observers.load(ordering: .acquiring) else { return false }
    let bit = FieldKeys.bit(field)
    if readFields.load(ordering: .relaxed) & bit == 0 {
      readFields.bitwiseOr(bit, ordering: .relaxed)
    }
    observers._withUnsafeGuaranteedRef { $0.registrar.access(self, keyPath: FieldKeys.key(field)) }
    return true
  }

  /// Tells the observers of field number `field` that it changed: at the end of the send whose
  /// transaction is open on this thread, or at once outside any.
  @inlinable func changed(_ field: Int) {
    if isArmed { logChange(field) }
  }

  @usableFromInline func logChange(_ field: Int) {
    if let transaction = ObservationTransaction.current {
      transaction.log(self, field: field)
    } else if takeRead(field) {
      willSet(field)
      didSet(field)
    }
  }

  /// Whether `field` was read since its observers were last told; they are about to be.
  func takeRead(_ field: Int) -> Bool {
    let bit = FieldKeys.bit(field)
    guard readFields.load(ordering: .relaxed) & bit != 0 else { return false }
    return readFields.bitwiseAnd(~bit, ordering: .relaxed).oldValue & bit != 0
  }

  func willSet(_ field: Int) {
    observers.load(ordering: .acquiring)?._withUnsafeGuaranteedRef {
      $0.registrar.willSet(self, keyPath: FieldKeys.key(field))
    }
  }

  func didSet(_ field: Int) {
    observers.load(ordering: .acquiring)?._withUnsafeGuaranteedRef {
      $0.registrar.didSet(self, keyPath: FieldKeys.key(field))
    }
  }
}

extension FieldBox {
  /// How to find the box of a value of `Value`, or nil when `Value` is not marked: found once per
  /// store or scoped store, where `Value` is not known to be marked.
  @usableFromInline
  static func reader<Value>(for type: Value.Type) -> Reader<Value>? {
    guard let marked = type as? any ObservableState.Type else { return nil }
    return reader(marked, as: type)
  }

  private static func reader<Marked: ObservableState, Value>(_: Marked.Type, as _: Value.Type) -> Reader<Value> {
    // `Value` is `Marked`, which the compiler cannot know: read the one as the other, in place.
    Reader(
      at: { pointer in Marked._$fields(at: pointer).box },
      identityAt: { pointer in .value(Marked._$fields(at: pointer), case: Marked._$case(at: pointer)) })
  }

  /// Finds the box of a value of `Value`, which is marked, in place: copying a value to find its
  /// box would copy every child it holds inline.
  @usableFromInline
  struct Reader<Value> {
    /// The box of the value at a pointer.
    @usableFromInline let at: (UnsafeRawPointer) -> FieldBox
    /// Which value the value at a pointer is: its box, and its case if it is an enum.
    @usableFromInline let identityAt: (UnsafeRawPointer) -> FieldIdentity

    @inlinable
    func callAsFunction(_ value: Value) -> FieldBox {
      withUnsafePointer(to: value) { at(UnsafeRawPointer($0)) }
    }

    /// Which value `value` is.
    @inlinable
    func identity(of value: Value) -> FieldIdentity {
      withUnsafePointer(to: value) { identityAt(UnsafeRawPointer($0)) }
    }
  }
}

/// The registrar of an armed value, made once, when a store first hands the value out.
@usableFromInline
final class FieldObservers: Sendable {
  @usableFromInline let registrar = ObservationRegistrar()
}

/// The key paths that name a value's fields to its registrar, made once for every value.
@usableFromInline
enum FieldKeys {
  @usableFromInline static let count = 64

  // Unchecked, and safe: a key path is an immutable object, which any isolation domain may read.
  private struct Table: @unchecked Sendable {
    let keys: [KeyPath<FieldBox, Int>]
  }

  private static let table = Table(keys: (0..<count).map { \FieldBox[field: $0] })

  @usableFromInline static func key(_ field: Int) -> KeyPath<FieldBox, Int> {
    table.keys[min(field, count - 1)]
  }

  @inlinable static func bit(_ field: Int) -> UInt64 {
    1 << UInt64(truncatingIfNeeded: min(field, 63))
  }
}
