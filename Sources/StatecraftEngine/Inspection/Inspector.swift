/// Receives the ``InspectionRecord``s of the stores, machines and charts it is attached to.
///
/// Attach one to a single owner, or to every owner created in a scope:
///
/// ```swift
/// store.attach(LoggingInspector())
///
/// let store = withInspector(recorder) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
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
public protocol Inspector: Sendable {
  /// Receives one record.
  func receive(_ record: InspectionRecord)
}

/// Attaches `inspector` to every store, machine and chart created while `operation` runs,
/// including those created in tasks it starts. Scopes nest: an owner gets every inspector of the
/// scopes around its creation.
///
/// ```swift
/// let store = withInspector(LoggingInspector()) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
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
