public import OrderedCollections

/// The screens of a navigation stack, each with a stable id: a ``StackElementID`` the stack gives
/// it when it is pushed.
///
/// ```swift
/// struct DetailState { var title = "" }
/// enum Path { case detail(DetailState) }
///
/// struct AppState {
///   var path = StackState<Path>()
/// }
/// ```
///
/// ```swift
/// var state = AppState()
/// state.path.append(.detail(DetailState()))   // push
/// state.path.popLast()                         // pop
/// state.path.removeAll()                       // pop to root
/// ```
///
/// A reducer composes the screens' reducer with
/// ``Reduce/forEach(_:action:element:)-(WritableKeyPath<State,StackState<ElementState>>,_,_)``,
/// which also pushes and pops for ``StackAction``. It is a random-access collection of the
/// screens, root first.
public struct StackState<Element> {
  @usableFromInline var elements: OrderedDictionary<StackElementID, Element>
  /// The number the next pushed element gets.
  @usableFromInline var nextID: Int

  /// An empty stack: the root alone.
  public init() {
    self.elements = [:]
    self.nextID = 0
  }

  /// A stack holding `elements`, the first at the root.
  public init(_ elements: some Sequence<Element>) {
    self.elements = [:]
    self.nextID = 0
    for element in elements { append(element) }
  }

  /// The ids of the screens, root first.
  public var ids: OrderedSet<StackElementID> { elements.keys }

  /// The id the next pushed screen gets.
  var nextElementID: StackElementID { StackElementID(rawValue: nextID) }

  /// Pushes `element`, and returns its id.
  @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    let id = nextElementID
    nextID += 1
    elements[id] = element
    return id
  }

  /// Pops the top screen, and returns it. `nil` when the stack is empty.
  @discardableResult
  public mutating func popLast() -> Element? {
    elements.isEmpty ? nil : elements.removeLast().value
  }

  /// Pops the screen `id` and every screen above it. An `id` not on the stack pops nothing.
  ///
  /// ```swift
  /// var stack: StackState<String> = ["inbox", "thread", "message", "reply"]   // ids #0 to #3
  /// stack.pop(to: 2)     // back to the message: the reply goes
  /// print(stack)         // [#0: inbox, #1: thread, #2: message]
  /// stack.pop(from: 1)   // the thread goes, and the message above it
  /// print(stack)         // [#0: inbox]
  /// ```
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange(index...)
  }

  /// Pops every screen above `id`, which stays on top. An `id` not on the stack pops nothing.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange((index + 1)...)
  }

  /// Pops every screen: back to the root.
  public mutating func removeAll() {
    elements.removeAll()
  }

  /// The screen `id`, if it is on the stack. Setting `nil` pops it and every screen above it;
  /// setting a screen for an id that is not on the stack does nothing.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      guard let index = elements.index(forKey: id) else { return }
      if let newValue {
        elements.values[index] = newValue
      } else {
        elements.removeSubrange(index...)
      }
    }
  }
}

extension StackState: RandomAccessCollection {
  /// The root's position: always 0, whatever ids the screens have.
  public var startIndex: Int { 0 }
  /// The number of screens: the position after the top one.
  public var endIndex: Int { elements.count }
  /// The screen at `position`, counting from the root at 0. Not its id: use `subscript(id:)`
  /// to find a screen by its ``StackElementID``.
  public subscript(position: Int) -> Element { elements.values[position] }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack holding the literal's elements, the first at the root, with ids from 0 up.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Two stacks are equal when they hold the same screens under the same ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and their screens, in order, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible {
  /// The screens with their ids, root first: `[#0: list, #1: detail]`.
  public var description: String {
    "[" + elements.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
  }
}
