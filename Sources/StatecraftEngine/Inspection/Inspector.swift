/// Receives the ``InspectionRecord``s of the stores, machines and charts it is attached to.
///
/// Attach one to a single owner, or to every owner created in a scope:
///
/// <!-- sample-setup
/// ```swift
/// struct AppState { var counter = 0 }
/// enum AppAction { case increment }
///
/// func reduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
///   var state = state
///   state.counter += 1
///   return (state, .none)
/// }
/// ```
/// -->
///
/// ```swift
/// let store = Store(initialState: AppState(), reduce: reduce)
/// store.attach(LoggingInspector())
///
/// let recorder = InspectionRecorder()
/// let recordedStore = withInspector(recorder) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
/// recordedStore.send(.increment)
/// ```
///
/// Statecraft ships ``LoggingInspector``, which logs each change as a diff of the state, and
/// `InspectionRecorder` in `StatecraftTesting`, which keeps records for a test. When no inspector is
/// attached, an owner builds no record at all.
///
/// `receive(_:)` is called synchronously, on whichever thread produced the record: the one
/// processing a message, or an effect's task. Records of one owner arrive one at a time, in order;
/// records of different owners may arrive concurrently. Keep it quick, and do not wait in it for
/// the owner: it may be called while the owner is processing.
///
/// An owner never waits for its inspectors, unless one makes the thread that delivers to it wait
/// (a `Journal` that is behind has the sender write, by default). While one thread is delivering
/// records to a slow inspector, the records that others emit wait in a queue of at most ``bufferLimit`` records
/// (the largest limit of the owner's inspectors); past it, the oldest record waiting is dropped.
/// The next record delivered counts them in ``InspectionRecord/droppedBefore``.
public protocol Inspector: Sendable {
  /// Receives one record.
  func receive(_ record: InspectionRecord)

  /// How many of an owner's records may wait for this inspector while it is busy before the
  /// oldest are dropped. 1,000 unless an inspector says otherwise.
  ///
  /// ```swift
  /// struct BurstLogger: Inspector {
  ///   var bufferLimit: Int { 100_000 }   // keep every record of a long burst
  ///   func receive(_ record: InspectionRecord) { print(record.kind) }
  /// }
  /// ```
  var bufferLimit: Int { get }
}

extension Inspector {
  /// 1,000 records: an inspector that keeps up rarely has more than a few waiting.
  public var bufferLimit: Int { Inspection.defaultBufferLimit }
}

/// Attaches `inspector` to every store, machine and chart created while `operation` runs,
/// including those created in tasks it starts. Scopes nest: an owner gets every inspector of the
/// scopes around its creation.
///
/// ```swift
/// let loggedStore = withInspector(LoggingInspector()) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
/// loggedStore.send(.increment)
/// ```
public func withInspector<Result>(
  _ inspector: some Inspector, operation: () throws -> Result
) rethrows -> Result {
  try InspectorScope.$inspectors.withValue(InspectorScope.inspectors + [inspector], operation: operation)
}

/// Attaches `inspector` to every store, machine and chart created while `operation` runs. The
/// asynchronous form of ``withInspector(_:operation:)``.
public func withInspector<Result>(
  _ inspector: some Inspector,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await InspectorScope.$inspectors.withValue(
    InspectorScope.inspectors + [inspector], operation: operation, isolation: isolation)
}

/// The inspectors of the scopes around the running code.
enum InspectorScope {
  @TaskLocal static var inspectors: [any Inspector] = []
}
