extension AsyncStateMachineSequence where S: Codable {
  /// The machine's current state, as a snapshot of `schema`.
  ///
  /// ```swift
  /// enum DoorState: DSLCompatible, Codable { case opened, closed }
  /// enum DoorEvent: DSLCompatible, Codable { case open, close }
  ///
  /// enum Door {
  ///   static let schema = SnapshotSchema<DoorState>("door")
  ///   static let machine: StateMachine<DoorState, DoorEvent, Never> = StateMachine(initial: .closed) {
  ///     When(states: OneOf { DoorState.opened; DoorState.closed }) { _ in Execute.noOutput } transitions: { _ in
  ///       On(event: DoorEvent.open) { _ in Transition(to: DoorState.opened) }
  ///       On(event: DoorEvent.close) { _ in Transition(to: DoorState.closed) }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let sequence = AsyncStateMachineSequence(stateMachine: Door.machine, runtime: Runtime())
  /// await sequence.send(.open)
  /// let data = try sequence.snapshot(Door.schema)
  /// try data.write(to: URL(filePath: "/tmp/door.json"))
  /// ```
  public func snapshot(_ schema: SnapshotSchema<S>) throws -> Data {
    try schema.encode(currentState)
  }

  /// Runs `stateMachine` from a snapshot that ``snapshot(_:)`` took, upgraded by `schema`'s
  /// migrations. It throws a ``SnapshotError`` that names what is wrong, and creates nothing, if the
  /// snapshot is corrupt, of another definition, or of a newer version.
  ///
  /// ```swift
  /// let data = try Door.schema.encode(.opened)   // saved earlier
  /// let sequence = try AsyncStateMachineSequence(
  ///   stateMachine: Door.machine, runtime: Runtime(), restoring: data, schema: Door.schema)
  /// print(sequence.currentState)   // opened
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
