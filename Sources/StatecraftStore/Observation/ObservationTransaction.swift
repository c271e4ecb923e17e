internal import CStatecraftRuntime

/// The fields that one top-level send changed, collected while its reducers run and told to their
/// observers once the state is back in the store.
///
/// Telling observers after the state is back, rather than from inside the reducer, means that an
/// observer that reads the store finds its new state (the state is out of the store while it is
/// reduced), and that a field changed twice in one send is told once.
@usableFromInline
final class ObservationTransaction {
  // Safe without isolation: only a store's processing opens transactions, on the main actor alone
  // (`run` asserts it in debug builds). No runtime exclusivity checks, here and below: each field is
  // read or written in single accesses, never across a call that could reach it again.
  @exclusivity(unchecked) nonisolated(unsafe) private static var lastSerial: UInt64 = 0
  // Safe without isolation: as `lastSerial`. Closed transactions, kept so that a send allocates
  // neither a transaction nor its log.
  @exclusivity(unchecked) nonisolated(unsafe) private static var closed: [ObservationTransaction] = []
  // Safe without isolation: as `lastSerial`. Every change logged while `Store.fieldChanges(sending:)`
  // runs, in whichever transaction; nil otherwise.
  @exclusivity(unchecked) nonisolated(unsafe) private static var recorded: [(box: FieldBox, field: Int)]?

  @exclusivity(unchecked) private var serial: UInt64 = 0
  /// The first change, apart: most sends change one field, and an array's bookkeeping would cost
  /// that send more than the rest of its observation.
  @exclusivity(unchecked) private var first: (box: FieldBox, field: Int)?
  @exclusivity(unchecked) private var more: [(box: FieldBox, field: Int)] = []
  /// How many elements `forEach` ran in place, and whether the last stayed the same value: the
  /// accessor of the collection they ran in compares them before and after.
  @exclusivity(unchecked) @usableFromInline private(set) var elementRuns: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline private(set) var lastElementStayed = false

  /// The transaction open on this thread, if any.
  @usableFromInline static var current: ObservationTransaction? {
    statecraft_observation_transaction().map {
      Unmanaged<ObservationTransaction>.fromOpaque($0).takeUnretainedValue()
    }
  }

  private init() {}

  /// Runs `body` with a transaction open on this thread, then tells the observers of every field it
  /// changed that was read since they were last told: every `willSet`, then every `didSet`, each
  /// field once.
  ///
  /// Transactions nest: one opened inside another (a reducer that sends to another store) is told
  /// when it closes, and the outer one goes on.
  @usableFromInline
  static func run<Result>(_ body: () -> Result) -> Result {
    let (transaction, outer) = open()
    let result = body()
    statecraft_set_observation_transaction(outer)
    transaction.tell()
    closed.append(transaction)
    return result
  }

  /// Runs `body` with a transaction open on this thread that tells no one: the changes `body`
  /// makes to copies of a store's state, which share its observation, are not the store's.
  static func muted<Result>(_ body: () throws -> Result) rethrows -> Result {
    let (transaction, outer) = open()
    defer {
      statecraft_set_observation_transaction(outer)
      transaction.forget()
      closed.append(transaction)
    }
    return try body()
  }

  /// Runs `body`, and returns every change logged in a transaction while it ran.
  static func recordingChanges(_ body: () -> Void) -> [(box: FieldBox, field: Int)] {
    let outer = recorded
    recorded = []
    body()
    defer { recorded = outer }
    return recorded ?? []
  }

  /// Opens a transaction on this thread, and returns it with the one it hides.
  @inline(__always)
  private static func open() -> (ObservationTransaction, UnsafeRawPointer?) {
    #if DEBUG
      MainActor.assertIsolated("an observation transaction is opened on the main actor only")
    #endif
    let transaction = closed.popLast() ?? ObservationTransaction()
    lastSerial &+= 1
    transaction.serial = lastSerial
    let outer = statecraft_observation_transaction()
    statecraft_set_observation_transaction(Unmanaged.passUnretained(transaction).toOpaque())
    return (transaction, outer)
  }

  /// Runs `body` on one element of a collection, in place, as `forEach` runs an element's
  /// action, and records whether the element stayed the same value, one handed out to observe on
  /// its own: if it did, its own fields tell their readers, and the collection's readers need not
  /// be told. An element never handed out may have been read through the collection alone.
  @inlinable
  static func runElement<Element, Result>(
    _ element: inout Element, boxOf: FieldBox.Reader<Element>, _ body: (inout Element) -> Result
  ) -> Result {
    let before = boxOf.identity(of: element)
    let result = body(&element)
    current?.ranElement(stayed: before.isArmed && boxOf.identity(of: element) == before)
    return result
  }

  @usableFromInline
  func ranElement(stayed: Bool) {
    elementRuns &+= 1
    lastElementStayed = stayed
  }

  /// Records that `field` of `box` changed, once per transaction.
  func log(_ box: FieldBox, field: Int) {
    let bit = FieldKeys.bit(field)
    if box.loggedIn != serial {
      box.loggedIn = serial
      box.loggedFields = 0
    }
    guard box.loggedFields & bit == 0 else { return }
    box.loggedFields |= bit
    if Self.recorded != nil { Self.recorded!.append((box, field)) }
    if first == nil {
      first = (box, field)
    } else {
      more.append((box, field))
    }
  }

  private func forget() {
    first = nil
    more.removeAll(keepingCapacity: true)
  }

  private func tell() {
    guard let first else { return }
    self.first = nil
    guard !more.isEmpty else {
      if first.box.takeRead(first.field) {
        first.box.willSet(first.field)
        first.box.didSet(first.field)
      }
      return
    }
    var changes = [first] + more
    more.removeAll(keepingCapacity: true)
    changes.removeAll { !$0.box.takeRead($0.field) }
    for change in changes { change.box.willSet(change.field) }
    for change in changes { change.box.didSet(change.field) }
  }
}

/// Runs `body` so that what it changes in values of `@ObservableState` states is told to no
/// observer: a test's expected state is a copy of the store's, and copies share their observation.
package func withFieldObservationMuted<Result>(_ body: () throws -> Result) rethrows -> Result {
  try ObservationTransaction.muted(body)
}
