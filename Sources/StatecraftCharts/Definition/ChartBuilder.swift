/// Builds the states of a ``Statechart`` and the body of a ``StateNode``, with `if`, `switch` and
/// `for`, so that a chart can be generated from a table or a file:
///
/// ```swift
/// struct MenuItem { var id: String }
/// ```
///
/// ```swift
/// let items = [MenuItem(id: "settings"), MenuItem(id: "about")]
/// let showsHelp = true
/// let chart = Statechart<String, String, EmptyChartContext>(initial: "menu", context: .init()) {
///   StateNode("menu") {
///     for item in items {
///       StateNode(item.id) { OnEvent(descriptor: "back", target: "menu") }
///     }
///     if showsHelp { StateNode("help") }
///   }
/// }
/// #expect(chart.states.contains("help"))
/// ```
///
/// It is generic over the chart's types, so states, events and actions take a leading dot.
@resultBuilder
public enum ChartBuilder<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  /// What the builder collects: one element per building block, in document order.
  public typealias Element = ChartElement<ID, Event, Context>

  /// Takes a child state.
  public static func buildExpression(_ node: StateNode<ID, Event, Context>) -> [Element] {
    [Element(.node(node))]
  }

  /// Takes a transition on an event.
  public static func buildExpression(_ block: OnEvent<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  /// Takes an eventless transition.
  public static func buildExpression(_ block: Always<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  /// Takes a delayed transition.
  public static func buildExpression(_ block: After<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  /// Takes a transition on a state's done event.
  public static func buildExpression(_ block: OnDone<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  /// Takes a transition on an execution error.
  public static func buildExpression(_ block: OnError<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  /// Takes entry actions.
  public static func buildExpression(_ block: Entry<ID, Event, Context>) -> [Element] {
    [Element(.entry(block.actions))]
  }

  /// Takes exit actions.
  public static func buildExpression(_ block: Exit<ID, Event, Context>) -> [Element] {
    [Element(.exit(block.actions))]
  }

  /// Takes an invocation.
  public static func buildExpression(_ block: Invoke<ID, Event, Context>) -> [Element] {
    [Element(.invoke(block.invocation))]
  }

  /// Takes an initial transition with actions.
  public static func buildExpression(_ block: Initial<ID, Event, Context>) -> [Element] {
    [Element(.initial(targets: block.targets, actions: block.actions, callSite: block.callSite))]
  }

  /// Takes an element as it is: one that a function returned.
  public static func buildExpression(_ element: Element) -> [Element] { [element] }

  /// Takes several elements as they are, in order: an array that a function returned.
  public static func buildExpression(_ elements: [Element]) -> [Element] { elements }

  /// Joins the elements of a body's statements, in document order.
  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }

  /// The elements of an `if` without `else`: none when the condition is false.
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }

  /// The elements of the `if` branch of an `if`–`else`, or of a `switch` case.
  public static func buildEither(first part: [Element]) -> [Element] { part }

  /// The elements of the `else` branch of an `if`–`else`, or of a `switch` case.
  public static func buildEither(second part: [Element]) -> [Element] { part }

  /// The elements of a `for` loop, in iteration order.
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }

  /// The elements of an `if #available` branch, as they are.
  public static func buildLimitedAvailability(_ part: [Element]) -> [Element] { part }
}
