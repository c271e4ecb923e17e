import Benchmark
import HeapUsage
import Statecraft

/// Composition: `send` and reading state through 1 and 10 levels of nested optional children,
/// against the root, and a `forEach` over 10,000 rows against one over 10, where one row's action
/// changes that row. Floors: `send` on the root store, reading the root's state, and the 10-row
/// list, measured in the same run.
func compositionBenchmarks() {
  onMainActor("Composition: send on the root store (floor)") { iterations in
    let store = CompositionFixtures.nested
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 1 level of scoping") { iterations in
    let store = CompositionFixtures.levels[1]
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 10 levels of scoping") { iterations in
    let store = CompositionFixtures.levels[10]
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: read the root's state (floor)") { iterations in
    let store = CompositionFixtures.nested
    for _ in iterations { blackHole(store.state.value) }
  }
  onMainActor("Composition: read a leaf's state through 1 level") { iterations in
    let store = CompositionFixtures.levels[1]
    for _ in iterations { blackHole(store.state.value) }
  }
  onMainActor("Composition: read a leaf's state through 10 levels") { iterations in
    let store = CompositionFixtures.levels[10]
    for _ in iterations { blackHole(store.state.value) }
  }
  for rows in [10, 10_000] {
    onMainActor("Composition: forEach over \(rows) rows, one row's action") { iterations in
      let store = CompositionFixtures.list(rows)
      for index in iterations { store.send(.rows(.element(id: index % rows, action: .increment))) }
    }
  }
  Benchmark(
    "Memory: heap bytes per row of a 10,000-row forEach",
    configuration: .init(metrics: [heapBytesPerInstance], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5)
  ) { benchmark in
    benchmark.measurement(heapBytesPerInstance, await CompositionFixtures.bytesPerRow(stores: false))
  }
  Benchmark(
    "Memory: heap bytes per row store of a 10,000-row forEach, once read",
    configuration: .init(metrics: [heapBytesPerInstance], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5)
  ) { benchmark in
    benchmark.measurement(heapBytesPerInstance, await CompositionFixtures.bytesPerRow(stores: true))
  }
}

/// A feature that holds an optional copy of itself, nested as deep as a benchmark needs.
struct Level: Equatable {
  var value = 0
  private var boxed: [Level] = []

  var child: Level? {
    get { boxed.first }
    _modify {
      var child = boxed.popLast()
      defer { boxed = child.map { [$0] } ?? [] }
      yield &child
    }
  }

  static func chain(depth: Int) -> Level {
    (0..<depth).reduce(Level()) { child, _ in
      var parent = Level()
      parent.child = child
      return parent
    }
  }
}

@CaseRoutable
indirect enum LevelAction: Sendable {
  case increment
  case child(LevelAction)
}

struct Row: Equatable, Identifiable {
  let id: Int
  var count = 0
}

@CaseRoutable
enum RowAction: Sendable {
  case increment
}

struct RowList: Equatable {
  var rows: IdentifiedArrayOf<Row>
}

@CaseRoutable
enum RowListAction: Sendable {
  case rows(IdentifiedAction<Int, RowAction>)
}

@MainActor
enum CompositionFixtures {
  static func levelReducer() -> Reduce<Level, LevelAction> {
    Reduce<Level, LevelAction> { state, action in
      if case .increment = action { state.value &+= 1 }
      return .none
    }
    .ifLet(\.child, action: \.child) { levelReducer() }
  }

  /// A store 10 levels deep.
  static let nested = Store(initialState: Level.chain(depth: 10), reducer: levelReducer())

  /// `levels[n]` is the store of the child `n` levels down, its state read once, so that it
  /// follows its parent as a view's store does.
  static let levels: [ScopedStore<Level, LevelAction>] = {
    var stores = [nested.scope(state: { $0 }, action: { $0 })]
    for _ in 1...10 {
      let next = stores.last!.scope(state: { $0.child ?? Level() }, action: LevelAction.child)
      stores.append(next)
    }
    for store in stores { _ = store.state }
    return stores
  }()

  static let rowReducer = Reduce<Row, RowAction> { state, _ in
    state.count &+= 1
    return .none
  }

  static func makeList(_ rows: Int) -> Store<RowList, RowListAction, Void> {
    Store(
      initialState: RowList(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Row(id: $0) })),
      reducer: Reduce<RowList, RowListAction>.empty.forEach(\.rows, action: \.rows) { rowReducer })
  }

  private static var lists: [Int: Store<RowList, RowListAction, Void>] = [:]

  static func list(_ rows: Int) -> Store<RowList, RowListAction, Void> {
    if let list = lists[rows] { return list }
    let list = makeList(rows)
    lists[rows] = list
    return list
  }

  /// The heap bytes per row of a 10,000-row list, or per row store made and read.
  static func bytesPerRow(stores: Bool) async -> Int {
    let count = 10_000
    let list = makeList(1)  // metadata and caches, not counted
    blackHole(list.scope(state: \.rows, action: \.rows).map(\.state))
    let before = heap_bytes_in_use()
    let store = makeList(count)
    var rowStores: [ScopedStore<Row, RowAction>] = []
    let storesBefore = heap_bytes_in_use()
    if stores {
      rowStores = store.scope(state: \.rows, action: \.rows)
      for row in rowStores { blackHole(row.state) }
    }
    let after = heap_bytes_in_use()
    blackHole(store)
    blackHole(rowStores)
    return stores ? (Int(after) - Int(storesBefore)) / count : (Int(storesBefore) - Int(before)) / count
  }
}
