/// Builds the states of a ``Statechart`` and the body of a ``StateNode``, with `if`, `switch` and
/// `for`, so that a chart can be generated from a table or a file:
///
/// ```swift
/// StateNode("menu") {
///   for item in items {
///     StateNode(item.id) { OnEvent(descriptor: "back", target: "menu") }
///   }
///   if showsHelp { StateNode("help") }
/// }
/// ```
///
/// It is generic over the chart's types, so states, events and actions take a leading dot.
@resultBuilder
public enum ChartBuilder<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  public typealias Element = ChartElement<ID, Event, Context>

  public static func buildExpression(_ node: StateNode<ID, Event, Context>) -> [Element] {
    [Element(.node(node))]
  }

  public static func buildExpression(_ block: OnEvent<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  public static func buildExpression(_ block: Always<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  public static func buildExpression(_ block: After<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  public static func buildExpression(_ block: OnDone<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  public static func buildExpression(_ block: OnError<ID, Event, Context>) -> [Element] {
    [Element(.transition(block.transition))]
  }

  public static func buildExpression(_ block: Entry<ID, Event, Context>) -> [Element] {
    [Element(.entry(block.actions))]
  }

  public static func buildExpression(_ block: Exit<ID, Event, Context>) -> [Element] {
    [Element(.exit(block.actions))]
  }

  public static func buildExpression(_ block: Invoke<ID, Event, Context>) -> [Element] {
    [Element(.invoke(block.invocation))]
  }

  public static func buildExpression(_ block: Initial<ID, Event, Context>) -> [Element] {
    [Element(.initial(targets: block.targets, actions: block.actions, callSite: block.callSite))]
  }

  public static func buildExpression(_ element: Element) -> [Element] { [element] }

  public static func buildExpression(_ elements: [Element]) -> [Element] { elements }

  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }

  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }

  public static func buildEither(first part: [Element]) -> [Element] { part }

  public static func buildEither(second part: [Element]) -> [Element] { part }

  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }

  public static func buildLimitedAvailability(_ part: [Element]) -> [Element] { part }
}
