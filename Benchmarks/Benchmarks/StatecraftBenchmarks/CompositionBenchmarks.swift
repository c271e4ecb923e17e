import Benchmark
import HeapUsage
import NestedFeatures
import Statecraft

/// Composition: `send` and reading state through 1 and 10 levels of nested optional children
/// (ten distinct features, `NestedFeatures`), against the root, and a `forEach` over 10,000 rows
/// against one over 10, where one row's action changes that row, with no row store read and with
/// every row store read. Floors: `send` on the root store, reading the root's state, and the 10-row
/// lists, measured in the same run.
///
/// "Observed" means a view reads the level's `state`. In the first set only the two levels sent
/// to are; the levels between are stores that views pass down. In the second, every level is, so
/// that a change at the leaf invalidates each level's view, whose state holds the leaf.
func compositionBenchmarks() {
  onMainActor("Composition: send on the root store (floor)") { iterations in
    let store = CompositionFixtures.nested.root
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 1 level of scoping") { iterations in
    let store = CompositionFixtures.nested.level1
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 10 levels of scoping") { iterations in
    let store = CompositionFixtures.nested.level10
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 1 level, every level observed") { iterations in
    let store = CompositionFixtures.everyLevelObserved.level1
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 10 levels, every level observed") { iterations in
    let store = CompositionFixtures.everyLevelObserved.level10
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: read the root's state (floor)") { iterations in
    let store = CompositionFixtures.nested.root
    for _ in iterations { blackHole(store.state.value) }
  }
  onMainActor("Composition: read a leaf's state through 1 level") { iterations in
    let store = CompositionFixtures.nested.level1
    for _ in iterations { blackHole(store.state.value) }
  }
  onMainActor("Composition: read a leaf's state through 10 levels") { iterations in
    let store = CompositionFixtures.nested.level10
    for _ in iterations { blackHole(store.state.value) }
  }
  for rows in [10, 10_000] {
    onMainActor("Composition: forEach over \(rows) rows, one row's action") { iterations in
      let store = CompositionFixtures.list(rows)
      for index in iterations { store.send(.rows(.element(id: index % rows, action: .increment))) }
    }
    // Every row store read, as a list whose rows are all on screen reads them: what a send costs
    // should follow the one row it changes, not the rows read (issue 44; RESULTS.md).
    onMainActor("Composition: forEach over \(rows) rows, every row store read, one row's action") { iterations in
      let store = CompositionFixtures.listWithEveryRowRead(rows)
      for index in iterations { store.send(.rows(.element(id: index % rows, action: .increment))) }
    }
  }
  // The same features marked `@ObservableState`: no scoped store is visited by a send, and the
  // composition tools write the marked fields in place (issue 44; RESULTS.md).
  onMainActor("Composition: send through 1 level of scoping, @ObservableState") { iterations in
    let store = CompositionFixtures.markedNested.level1
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Composition: send through 10 levels of scoping, @ObservableState") { iterations in
    let store = CompositionFixtures.markedNested.level10
    for _ in iterations { store.send(.increment) }
  }
  for rows in [10, 10_000] {
    onMainActor(
      "Composition: forEach over \(rows) rows, every row store read, one row's action, @ObservableState"
    ) { iterations in
      let store = CompositionFixtures.markedListWithEveryRowRead(rows)
      for index in iterations { store.send(.rows(.element(id: index % rows, action: .increment))) }
    }
  }
  Benchmark(
    "Memory: heap bytes per row of a 10,000-row forEach",
    configuration: .init(
      metrics: [heapBytesPerInstance], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5)
  ) { benchmark in
    benchmark.measurement(heapBytesPerInstance, await CompositionFixtures.bytesPerRow(stores: false))
  }
  Benchmark(
    "Memory: heap bytes per row store of a 10,000-row forEach, once read",
    configuration: .init(
      metrics: [heapBytesPerInstance], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5)
  ) { benchmark in
    benchmark.measurement(heapBytesPerInstance, await CompositionFixtures.bytesPerRow(stores: true))
  }
}

@MainActor
enum CompositionFixtures {
  /// Ten nested features; only level 1 and level 10 observed.
  static let nested = NestedFeatures.make(everyLevelObserved: false)
  /// Ten nested features, every level observed.
  static let everyLevelObserved = NestedFeatures.make(everyLevelObserved: true)
  /// The ten nested features marked `@ObservableState`; only level 1 and level 10 observed.
  static let markedNested = MarkedNestedFeatures.make(everyLevelObserved: false)

  private static var markedListsWithEveryRowRead:
    [Int: (list: Store<MarkedRowList, RowListAction, Void>, rowStores: [ScopedStore<MarkedRow, RowAction>])] = [:]

  static func markedListWithEveryRowRead(_ rows: Int) -> Store<MarkedRowList, RowListAction, Void> {
    if let made = markedListsWithEveryRowRead[rows] { return made.list }
    let made = MarkedRowFeatures.makeListWithEveryRowRead(rows)
    markedListsWithEveryRowRead[rows] = made
    return made.list
  }

  private static var lists: [Int: Store<RowList, RowListAction, Void>] = [:]
  private static var listsWithEveryRowRead:
    [Int: (list: Store<RowList, RowListAction, Void>, rowStores: [ScopedStore<Row, RowAction>])] = [:]

  static func list(_ rows: Int) -> Store<RowList, RowListAction, Void> {
    if let list = lists[rows] { return list }
    let list = RowFeatures.makeList(rows)
    lists[rows] = list
    return list
  }

  static func listWithEveryRowRead(_ rows: Int) -> Store<RowList, RowListAction, Void> {
    if let made = listsWithEveryRowRead[rows] { return made.list }
    let made = RowFeatures.makeListWithEveryRowRead(rows)
    listsWithEveryRowRead[rows] = made
    return made.list
  }

  /// The heap bytes per row of a 10,000-row list, or per row store made and read.
  static func bytesPerRow(stores: Bool) async -> Int {
    let count = 10_000
    let list = RowFeatures.makeList(1)  // metadata and caches, not counted
    blackHole(list.scope(state: \.rows, action: \.rows).map(\.state))
    let before = heap_bytes_in_use()
    let store = RowFeatures.makeList(count)
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
