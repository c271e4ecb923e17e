extension AsyncStateMachineSequence where S: Codable {
  /// The machine's current state, as a snapshot of `schema`.
  ///
  /// ```swift
  /// let data = try sequence.snapshot(schema)
  /// ```
  public func snapshot(_ schema: SnapshotSchema<S>) throws -> Data {
    try schema.encode(currentState)
  }

  /// Runs `stateMachine` from a snapshot that ``snapshot(_:)`` took, upgraded by `schema`'s
  /// migrations. It throws a ``SnapshotError`` that names what is wrong, and creates nothing, if the
  /// snapshot is corrupt, of another definition, or of a newer version.
  ///
  /// ```swift
  /// let sequence = try AsyncStateMachineSequence(
  ///   stateMachine: doorMachine, runtime: runtime, restoring: data, schema: schema)
  /// ```
  ///
  /// The machine starts in the snapshot's state as a new machine starts in its initial one: at the
  /// first `send` or iterator, running that state's output.
  public init(
    stateMachine: StateMachine<S, E, O>, runtime: Runtime<S, E, O>,
    restoring snapshot: Data, schema: SnapshotSchema<S>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws(SnapshotError) {
    let state = try schema.decode(snapshot)
    self.init(
      stateMachine: stateMachine.starting(in: state), runtime: runtime, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
