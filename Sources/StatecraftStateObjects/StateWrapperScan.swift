/// One of the wrappers a state reads its machine through: `@StateTransition`, `@StateContext` or
/// `@StateLifetime`.
protocol StateWrapper {}

extension StateTransition: StateWrapper {}
extension StateContext: StateWrapper {}
extension StateLifetime: StateWrapper {}

/// Whether a state may hold a wrapper, by its type, found by reflection the first time a state of
/// that type is entered, as SwiftUI finds a view's `@Environment`.
///
/// A state that holds none runs without what the wrappers need: no visit object, no task-local, no
/// weak reference. Its `enter()` and `exit()` cost about what calling them costs.
///
/// The answer is kept per type, so it must hold for every value of the type. It does for a state
/// whose stored properties are structs and tuples (recursively) and values without children, such
/// as numbers and strings. Where another value of the same type could hold a wrapper that this one
/// does not (an enum's other case, an optional that is `nil`, a collection, an object), the type
/// counts as holding one. A property of a protocol type is judged by the value it holds the first
/// time: declare wrappers in the state, not in a value it holds behind a protocol.
@MainActor
enum StateWrapperScan {
  /// What is known, per state type. No runtime exclusivity checks: the main actor serialises every
  /// access, and none overlaps another.
  @exclusivity(unchecked) private static var mayHoldWrappers: [ObjectIdentifier: Bool] = [:]
  /// The last type asked about, and its answer: a machine usually transitions between a few types.
  @exclusivity(unchecked) private static var last: (type: ObjectIdentifier, mayHold: Bool)?

  /// Whether `state`, or another value of its type, may hold a wrapper.
  static func mayHoldWrappers(_ state: any StateMachineState) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: state))
    if let last, last.type == type { return last.mayHold }
    let mayHold = mayHoldWrappers[type] ?? scan(state)
    mayHoldWrappers[type] = mayHold
    last = (type, mayHold)
    return mayHold
  }

  /// Walks `state`'s stored properties, and theirs, for a wrapper or a value whose type's other
  /// values might hold one.
  private static func scan(_ state: any StateMachineState) -> Bool {
    var pending: [(value: Any, depth: Int)] = [(state, 0)]
    while let (value, depth) = pending.popLast() {
      if value is any StateWrapper { return true }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .struct?, .tuple?:
        // A deeply nested state is counted as holding one rather than walked for ever.
        guard depth < 16 else { return true }
        pending.append(contentsOf: mirror.children.map { ($0.value, depth + 1) })
      case nil:
        // A value with no structure of its own (a number, a string, a function): it holds a
        // wrapper only through children it reports.
        guard mirror.children.isEmpty else { return true }
      default:
        // An enum, an optional, a collection, an object: another value may hold one.
        return true
      }
    }
    return false
  }
}
