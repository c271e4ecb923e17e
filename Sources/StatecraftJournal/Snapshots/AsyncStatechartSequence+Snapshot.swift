extension AsyncStatechartSequence where ID: Codable, Event: Codable, Context: Codable {
  /// The chart's current snapshot, in the envelope of `schema`: its version, and the chart's name
  /// as the definition.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<ChartSnapshot<Player, PlayerEvent, PlayerContext>>("player", version: 1)
  /// let data = try player.snapshot(schema)
  /// ```
  public func snapshot(_ schema: SnapshotSchema<ChartSnapshot<ID, Event, Context>>) throws -> Data {
    try schema.encode(snapshot)
  }

  /// Runs `chart` from a snapshot that ``snapshot(_:)`` took, upgraded by `schema`'s migrations
  /// and checked against the chart. It throws a ``SnapshotError`` that names what is wrong, and
  /// creates nothing, if the snapshot is corrupt, of another definition, of a newer version, or
  /// names states, history or timers that the chart does not have
  /// (``SnapshotError/invalidForDefinition(_:)``).
  ///
  /// ```swift
  /// let player = try AsyncStatechartSequence(
  ///   playerChart, restoring: data, schema: schema, clock: ContinuousClock())
  /// ```
  public init<C: Clock>(
    _ chart: Statechart<ID, Event, Context>, restoring snapshot: Data,
    schema: SnapshotSchema<ChartSnapshot<ID, Event, Context>>, clock: C,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    outputs: (@Sendable (ChartOutput, Context) async -> Void)? = nil
  ) throws(SnapshotError) where C.Duration == Duration {
    let restored = try schema.decode(snapshot)
    let problems = chart.validate(restored)
    guard problems.isEmpty else { throw .invalidForDefinition(problems.map(\.message)) }
    self.init(
      chart, restoring: restored, clock: clock, fileID: fileID, filePath: filePath, line: line,
      column: column, outputs: outputs)
  }
}
