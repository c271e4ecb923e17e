extension Store where State: Codable {
  /// The store's state, as a snapshot of `schema`: save it, and create a store from it later, maybe
  /// in another process, with ``StatecraftStore/Store/init(restoring:schema:reducer:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// struct Todos: Codable, Equatable { var items: [String] = [] }
  /// enum TodosAction: Codable, Sendable { case add(String), clear }
  ///
  /// func todosReducer() -> Reduce<Todos, TodosAction> {
  ///   Reduce { todos, action in
  ///     switch action {
  ///     case .add(let item): todos.items.append(item)
  ///     case .clear: todos.items = []
  ///     }
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Todos>("todos")
  /// let store = Store(initialState: Todos(), reducer: todosReducer())
  /// store.send(.add("milk"))
  /// let data = try store.snapshot(schema)
  /// try data.write(to: URL(filePath: "/tmp/todos.json"))
  /// ```
  ///
  /// A snapshot holds the state, not the effects that are running: a restored store starts with
  /// none, as a new one does. Take it between actions, not from the reducer.
  public func snapshot(_ schema: SnapshotSchema<State>) throws -> Data {
    try schema.encode(state)
  }
}

extension Store where State: Codable, Environment == Void {
  /// Creates a store from a snapshot that ``snapshot(_:)`` took, upgraded by `schema`'s
  /// migrations. It throws a ``SnapshotError`` that names what is wrong, and creates nothing, if
  /// the snapshot is corrupt, of another definition, or of a newer version.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Todos>("todos")
  /// let data = try schema.encode(Todos(items: ["milk"]))   // saved earlier
  /// let store = try Store(restoring: data, schema: schema, reducer: todosReducer())
  /// print(store.state.items)   // ["milk"]
  /// ```
  ///
  /// For the other ways of making a store, decode the state first:
  /// `Store(initialState: try schema.decode(data), reduce: reduce)`.
  public convenience init(
    restoring snapshot: Data,
    schema: SnapshotSchema<State>,
    reducer: Reduce<State, Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws(SnapshotError) {
    let state = try schema.decode(snapshot)
    self.init(
      initialState: state, reducer: reducer, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
