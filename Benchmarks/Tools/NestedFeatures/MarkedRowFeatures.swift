// The list of `RowFeatures`, marked `@ObservableState`: the same rows, reducer and `forEach`, so
// that the composition benchmarks compare observation per field with whole-state observation in one
// run.

public import Statecraft

@ObservableState
public struct MarkedRow: Equatable, Identifiable, Sendable {
  public let id: Int
  public var count = 0
  public init(id: Int) { self.id = id }
}

@ObservableState
public struct MarkedRowList: Equatable, Sendable {
  public var rows: IdentifiedArrayOf<MarkedRow>
}

@MainActor
public enum MarkedRowFeatures {
  static let rowReducer = Reduce<MarkedRow, RowAction> { state, _ in
    state.count &+= 1
    return .none
  }

  /// ``RowFeatures/makeList(_:)`` over marked rows.
  public static func makeList(_ rows: Int) -> Store<MarkedRowList, RowListAction, Void> {
    Store(
      initialState: MarkedRowList(rows: IdentifiedArray(uniqueElements: (0..<rows).map { MarkedRow(id: $0) })),
      reducer: Reduce<MarkedRowList, RowListAction>.empty.forEach(\.rows, action: \.rows) { rowReducer })
  }

  /// ``RowFeatures/makeListWithEveryRowRead(_:)`` over marked rows: each row store's `count` read.
  public static func makeListWithEveryRowRead(
    _ rows: Int
  ) -> (list: Store<MarkedRowList, RowListAction, Void>, rowStores: [ScopedStore<MarkedRow, RowAction>]) {
    let list = makeList(rows)
    let rowStores = list.scope(state: \.rows, action: \.rows)
    var total = 0
    for row in rowStores { total &+= row.state.count }
    precondition(total == 0)
    return (list, rowStores)
  }
}
