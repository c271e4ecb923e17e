import Statecraft

/// The inspector a ``TestStore`` attaches to its owner: it keeps every record, in order, for the
/// test store to read on the main actor.
final class TestStoreRecorder: Inspector {
  private let records = CriticalState<[InspectionRecord]>([])
  private let executor: TestExecutor

  init(executor: TestExecutor) {
    self.executor = executor
  }

  func receive(_ record: InspectionRecord) {
    records.withLock { $0.append(record) }
    executor.noteActivity()
  }

  /// The records from `index` on.
  func records(from index: Int) -> ArraySlice<InspectionRecord> {
    records.withLock { $0[index...] }
  }
}
