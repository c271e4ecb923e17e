// A list feature of rows, each row a feature of its own: the `forEach` of the composition
// benchmarks and of `NestedSends`' row modes.

public import Statecraft

public struct Row: Equatable, Identifiable, Sendable {
  public let id: Int
  public var count = 0
  public init(id: Int) { self.id = id }
}

@CaseRoutable
public enum RowAction: Sendable {
  case increment
}

public struct RowList: Equatable, Sendable {
  public var rows: IdentifiedArrayOf<Row>
}

@CaseRoutable
public enum RowListAction: Sendable {
  case rows(IdentifiedAction<Int, RowAction>)
}

@MainActor
public enum RowFeatures {
  static let rowReducer = Reduce<Row, RowAction> { state, _ in
    state.count &+= 1
    return .none
  }

  /// A list store of `rows` rows whose reducer runs each row's action in that row.
  public static func makeList(_ rows: Int) -> Store<RowList, RowListAction, Void> {
    Store(
      initialState: RowList(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Row(id: $0) })),
      reducer: Reduce<RowList, RowListAction>.empty.forEach(\.rows, action: \.rows) { rowReducer })
  }

  /// A list store whose every row store has been made and read, as a list or a table whose rows are
  /// all on screen reads them, and those row stores, which the caller keeps.
  public static func makeListWithEveryRowRead(
    _ rows: Int
  ) -> (list: Store<RowList, RowListAction, Void>, rowStores: [ScopedStore<Row, RowAction>]) {
    let list = makeList(rows)
    let rowStores = list.scope(state: \.rows, action: \.rows)
    var total = 0
    for row in rowStores { total &+= row.state.count }
    // Uses what it read, so that the optimiser keeps the reads.
    precondition(total == 0)
    return (list, rowStores)
  }
}
