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
  // (`run` asserts it in debug builds).
  nonisolated(unsafe) private static var lastSerial: UInt64 = 0

  private let serial: UInt64
  private var changes: [(box: FieldBox, field: Int)] = []

  /// The transaction open on this thread, if any.
  @usableFromInline static var current: ObservationTransaction? {
    statecraft_observation_transaction().map {
      Unmanaged<ObservationTransaction>.fromOpaque($0).takeUnretainedValue()
    }
  }

  private init(serial: UInt64) {
    self.serial = serial
  }

  /// Runs `body` with a transaction open on this thread, then tells the observers of every field it
  /// changed: every `willSet`, then every `didSet`, each field once.
  ///
  /// Transactions nest: one opened inside another (a reducer that sends to another store) is told
  /// when it closes, and the outer one goes on.
  @usableFromInline
  static func run<Result>(_ body: () -> Result) -> Result {
    #if DEBUG
      MainActor.assertIsolated("an observation transaction is opened on the main actor only")
    #endif
    lastSerial &+= 1
    let transaction = ObservationTransaction(serial: lastSerial)
    let outer = statecraft_observation_transaction()
    let result = withExtendedLifetime(transaction) {
      statecraft_set_observation_transaction(Unmanaged.passUnretained(transaction).toOpaque())
      defer { statecraft_set_observation_transaction(outer) }
      return body()
    }
    transaction.tell()
    return result
  }

  /// Records that `field` of `box` changed, once per transaction.
  func log(_ box: FieldBox, field: Int) {
    let bit: UInt64 = 1 << UInt64(min(field, FieldKeys.count - 1))
    if box.loggedIn != serial {
      box.loggedIn = serial
      box.loggedFields = 0
    }
    guard box.loggedFields & bit == 0 else { return }
    box.loggedFields |= bit
    changes.append((box, field))
  }

  private func tell() {
    guard !changes.isEmpty else { return }
    for change in changes { change.box.willSet(change.field) }
    for change in changes { change.box.didSet(change.field) }
  }
}
