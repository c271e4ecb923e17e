/// An eventless transition (XState's `always`): taken, if its guard holds, as soon as its source
/// is active, after every microstep and before any event is processed.
///
/// ```swift
/// enum AgeCheck: Hashable, Sendable { case checking, adult, minor }
/// struct Person: Sendable { var age: Int }
/// ```
///
/// ```swift
/// let chart = Statechart<AgeCheck, String, Person>(initial: .checking, context: Person(age: 20)) {
///   StateNode(.checking) {
///     Always(target: .adult, guard: { $0.context.age >= 18 })
///     Always(target: .minor)
///   }
///   StateNode(.adult)
///   StateNode(.minor)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
///
/// An eventless transition whose guard always holds and whose target is its own source loops
/// forever; `validate()` cannot see that, so keep a guard that the transition makes false.
public struct Always<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let transition: ChartTransition<ID, Event, Context>

  /// An eventless transition to `target`, or a targetless one.
  public init(
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      targets: target.map { [$0] } ?? [], type: type, guard: condition, actions: actions,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An eventless transition to several targets.
  public init(
    targets: [ID], type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .eventless, targets: targets, type: type, guard: condition, actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
