import Statecraft
import StatecraftTesting
import Testing

/// A feature that holds an optional copy of itself: a tree as deep as a test likes.
struct Node: Equatable {
  var value = 0
  /// The child, boxed in an array: a struct cannot hold an optional of itself.
  private var boxedChild: [Node] = []

  var child: Node? {
    get { boxedChild.first }
    // Moves the child out while it is changed, so that changing a deep leaf copies no level.
    _modify {
      var child = boxedChild.popLast()
      defer { boxedChild = child.map { [$0] } ?? [] }
      yield &child
    }
  }

  /// A chain of `depth` nodes under this one.
  static func chain(depth: Int) -> Node {
    var node = Node()
    for _ in 0..<depth {
      var parent = Node()
      parent.child = node
      node = parent
    }
    return node
  }

  /// The node `depth` levels down.
  func descendant(_ depth: Int) -> Node? {
    var node: Node? = self
    for _ in 0..<depth { node = node?.child }
    return node
  }
}

@CaseRoutable
indirect enum NodeAction: Sendable, Equatable {
  case increment
  case listen
  case close
  case child(NodeAction)

  /// `action`, sent `depth` levels down.
  static func nested(_ action: NodeAction, depth: Int) -> NodeAction {
    (0..<depth).reduce(action) { action, _ in .child(action) }
  }
}

@MainActor
func nodeReducer(_ feed: Feed) -> Reduce<Node, NodeAction> {
  Reduce<Node, NodeAction> { state, action in
    switch action {
    case .increment:
      state.value += 1
      return .none
    case .listen:
      return .run { _ in for await _ in await feed.stream() {} }
    case .child(.close):
      state.child = nil
      return .none
    case .close, .child:
      return .none
    }
  }
  .ifLet(\.child, action: \.child) { nodeReducer(feed) }
}

@MainActor
@Suite("Composition: depth", .timeLimit(.minutes(1)))
struct CompositionDepthTests {
  static let depth = 1_000

  /// 1,000 levels of nested optional children, in a debug build, on the main actor's stack.
  @Test func aThousandLevelsOfOptionalChildrenDoNotOverflowTheStack() async {
    let feed = Feed()
    let recorder = DiagnosticRecorder()
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Node.chain(depth: Self.depth), reducer: nodeReducer(feed))
    }
    store.send(.nested(.increment, depth: Self.depth))
    #expect(store.state.descendant(Self.depth)?.value == 1)
    #expect(store.state.descendant(Self.depth - 1)?.value == 0)

    store.send(.nested(.listen, depth: Self.depth))
    await feed.waitUntilStarted(1)
    #expect(store.liveEffectCount == 1)
    #expect(store.childScopeCount == Self.depth)

    // Closing the child at level 1 ends the effect 1,000 levels down, and every scope under it.
    store.send(.child(.close))
    #expect(store.state.child == nil)
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
    #expect(recorder.diagnostics.isEmpty)
  }
}
