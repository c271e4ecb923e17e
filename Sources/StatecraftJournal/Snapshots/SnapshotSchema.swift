/// How an owner's state is saved and restored: the definition it belongs to, its schema version,
/// and the migrations that upgrade older snapshots, one version at a time.
///
/// ```swift
/// struct TodoItem: Codable, Equatable { var title: String; var due: Date? }
/// struct Todos: Codable, Equatable { var items: [TodoItem] = [] }
/// struct TodosV2: Codable { struct Item: Codable { var title: String }; var items: [Item] }
/// enum TodosAction: Codable, Sendable { case add(String) }
///
/// func todosReducer() -> Reduce<Todos, TodosAction> {
///   Reduce { todos, action in
///     if case .add(let title) = action { todos.items.append(TodoItem(title: title)) }
///     return .none
///   }
/// }
/// ```
///
/// ```swift
/// let schema = SnapshotSchema<Todos>("todos", version: 3)
///   .migrating(from: 1) { state in            // 1 → 2: `todos` was renamed `items`
///     state["items"] = state["todos"]
///     state["todos"] = nil
///   }
///   .migrating(from: 2, TodosV2.self) { old in  // 2 → 3, typed: each item gained a due date
///     Todos(items: old.items.map { TodoItem(title: $0.title, due: nil) })
///   }
///
/// let store = Store(initialState: Todos(), reducer: todosReducer())
/// store.send(.add("milk"))
/// let data = try store.snapshot(schema)          // {"statecraft":"snapshot",…,"version":3,…}
/// let restored = try Store(restoring: data, schema: schema, reducer: todosReducer())
/// print(restored.state == store.state)           // true
/// ```
///
/// Restoring checks, in order, and stops at the first problem with a ``SnapshotError`` that names
/// it: that the data is JSON, that it is a snapshot, that it is of this definition, that its
/// version is not newer than this schema's, that a migration exists for each version between, that
/// each migration succeeds, and that the migrated state decodes. Nothing is created until all of
/// them pass. XState's `version` and `migrate` are the model.
public struct SnapshotSchema<State: Codable>: Sendable {
  /// The definition's name: a snapshot of another definition is refused.
  public let definition: String
  /// The version that this build writes, and upgrades older snapshots to.
  public let version: Int
  /// The migration from each version to the next.
  private var migrations: [Int: @Sendable (inout JSONValue) throws -> Void] = [:]

  /// A schema for `definition`'s state at `version` (from 1).
  public init(_ definition: String, version: Int = 1) {
    precondition(version >= 1, "A snapshot schema's version starts at 1; \(version) was given.")
    self.definition = definition
    self.version = version
  }

  /// This schema, with a migration that upgrades a snapshot of `version` to `version + 1` by
  /// editing its state as JSON.
  public func migrating(
    from version: Int, _ migrate: @escaping @Sendable (_ state: inout JSONValue) throws -> Void
  ) -> Self {
    precondition(
      (1..<self.version).contains(version),
      "A migration of \"\(definition)\" from version \(version) is outside 1..<\(self.version).")
    var schema = self
    schema.migrations[version] = migrate
    return schema
  }

  /// This schema, with a typed migration from `version` to `version + 1`: the old state decoded
  /// as `Old`, and the value returned encoded as the next version's state.
  public func migrating<Old: Decodable & SendableMetatype, New: Encodable & SendableMetatype>(
    from version: Int, _ old: Old.Type,
    _ migrate: @escaping @Sendable (Old) throws -> New
  ) -> Self {
    migrating(from: version) { state in
      state = try JSONValue.encoding(migrate(state.decoded(as: Old.self)))
    }
  }

  /// `state`, as a snapshot of this schema's version.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Todos>("todos", version: 3)
  /// let data = try schema.encode(Todos(items: [TodoItem(title: "milk")]))
  /// try data.write(to: URL(filePath: "/tmp/todos.json"))
  /// ```
  public func encode(_ state: State) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(SnapshotEnvelope(definition: definition, version: version, state: state))
  }

  /// The state in `snapshot`, upgraded to this schema's version.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Todos>("todos", version: 3)
  /// let data = try schema.encode(Todos())   // saved earlier
  /// let todos = try schema.decode(data)
  /// let store = Store(initialState: todos, reducer: todosReducer())
  /// store.send(.add("milk"))
  /// ```
  public func decode(_ snapshot: Data) throws(SnapshotError) -> State {
    let envelope: RawSnapshotEnvelope
    do {
      envelope = try JSONDecoder().decode(RawSnapshotEnvelope.self, from: snapshot)
    } catch let error as DecodingError {
      if case .dataCorrupted = error { throw .notJSON(error.explanation) }
      throw .notASnapshot
    } catch {
      throw .notJSON("\(error)")
    }
    guard envelope.statecraft == "snapshot", let format = envelope.format,
      let found = envelope.definition, let foundVersion = envelope.version, let state = envelope.state
    else { throw .notASnapshot }
    guard format <= SnapshotFormat.current else { throw .unsupportedFormat(format) }
    guard found == definition else { throw .otherDefinition(expected: definition, found: found) }
    guard foundVersion >= 1 else { throw .invalidVersion(foundVersion) }
    guard foundVersion <= version else { throw .newerVersion(found: foundVersion, supported: version) }
    let migrated = try upgrade(state, from: foundVersion)
    do {
      return try migrated.decoded(as: State.self)
    } catch let error as DecodingError {
      throw .stateDoesNotDecode(version: version, reason: error.explanation)
    } catch {
      throw .stateDoesNotDecode(version: version, reason: "\(error)")
    }
  }

  /// `state`, upgraded from `found` to this schema's version, one migration at a time.
  func upgrade(_ state: JSONValue, from found: Int) throws(SnapshotError) -> JSONValue {
    var state = state
    for step in found..<version {
      guard let migration = migrations[step] else { throw .missingMigration(from: step, to: step + 1) }
      do {
        try migration(&state)
      } catch let error as DecodingError {
        throw .migrationFailed(from: step, to: step + 1, reason: error.explanation)
      } catch {
        throw .migrationFailed(from: step, to: step + 1, reason: "\(error)")
      }
    }
    return state
  }
}
