extension AsyncStatechartSequence where ID: Codable, Event: Codable, Context: Codable {
  /// The chart's current snapshot, in the envelope of `schema`: its version, and the chart's name
  /// as the definition.
  ///
  /// ```swift
  /// enum Player: Hashable, Sendable, Codable { case paused, playing }
  /// enum Control: Hashable, Sendable, Codable { case play, pause }
  /// struct Settings: Hashable, Sendable, Codable { var volume = 5 }
  ///
  /// enum Charts {
  ///   static let player = Statechart<Player, Control, Settings>("player", initial: .paused, context: Settings()) {
  ///     StateNode(.paused) { OnEvent(.play, target: .playing) }
  ///     StateNode(.playing) { OnEvent(.pause, target: .paused) }
  ///   }
  ///   static let schema = SnapshotSchema<ChartSnapshot<Player, Control, Settings>>("player", version: 1)
  /// }
  /// ```
  ///
  /// ```swift
  /// let player = AsyncStatechartSequence(Charts.player)
  /// await player.send(.play)
  /// let data = try player.snapshot(Charts.schema)
  /// try data.write(to: URL(filePath: "/tmp/player.json"))
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
  /// let data = try AsyncStatechartSequence(Charts.player).snapshot(Charts.schema)   // saved earlier
  /// let player = try AsyncStatechartSequence(Charts.player, restoring: data, schema: Charts.schema)
  /// await player.send(.play)
  /// ```
  public init<C: Clock>(
    _ chart: Statechart<ID, Event, Context>, restoring snapshot: Data,
    schema: SnapshotSchema<ChartSnapshot<ID, Event, Context>>, clock: C = ContinuousClock(),
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
