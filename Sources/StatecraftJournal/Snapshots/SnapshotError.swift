/// Why a snapshot could not be restored. Each names what is wrong; restoring never crashes and
/// never yields a half-restored owner.
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
/// let data = try SnapshotSchema<Todos>("todos", version: 4).encode(Todos())   // from a newer build
/// let schema = SnapshotSchema<Todos>("todos", version: 3)
/// do {
///   let store = try Store(restoring: data, schema: schema, reducer: todosReducer())
///   store.send(.add("milk"))
/// } catch {
///   print(error)   // The snapshot is of version 4; this build knows versions up to 3. It was written by a newer build.
/// }
/// ```
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The data is not JSON: truncated, or not a snapshot at all.
  case notJSON(String)
  /// The data is JSON, but not a Statecraft snapshot.
  case notASnapshot
  /// The snapshot's envelope is of a newer format than this version of Statecraft reads.
  case unsupportedFormat(Int)
  /// The snapshot is of another definition: another feature, machine or chart.
  case otherDefinition(expected: String, found: String)
  /// The snapshot's schema version is newer than the schema's: it was written by a newer build.
  case newerVersion(found: Int, supported: Int)
  /// The snapshot's schema version is not a version (below 1).
  case invalidVersion(Int)
  /// No migration upgrades the snapshot from `from` to the next version.
  case missingMigration(from: Int, to: Int)
  /// A migration threw.
  case migrationFailed(from: Int, to: Int, reason: String)
  /// The snapshot's state, once migrated, does not decode as the owner's state.
  case stateDoesNotDecode(version: Int, reason: String)
  /// The state decoded, but it is not a state of this definition (a chart's unknown states,
  /// history or timers).
  case invalidForDefinition([String])

  /// A sentence that says what is wrong with the snapshot, naming the versions or definitions
  /// concerned.
  public var description: String {
    switch self {
    case .notJSON(let reason):
      "The snapshot is not valid JSON (corrupt or truncated): \(reason)"
    case .notASnapshot:
      "The data is JSON but not a Statecraft snapshot: it has no \"statecraft\": \"snapshot\" field."
    case .unsupportedFormat(let format):
      "The snapshot's envelope is of format \(format); this version of Statecraft reads format \(SnapshotFormat.current) and older."
    case .otherDefinition(let expected, let found):
      "The snapshot is of \"\(found)\", not of \"\(expected)\"."
    case .newerVersion(let found, let supported):
      "The snapshot is of version \(found); this build knows versions up to \(supported). It was written by a newer build."
    case .invalidVersion(let version):
      "The snapshot's version is \(version); versions start at 1."
    case .missingMigration(let from, let to):
      "No migration upgrades a snapshot from version \(from) to version \(to)."
    case .migrationFailed(let from, let to, let reason):
      "The migration from version \(from) to version \(to) failed: \(reason)"
    case .stateDoesNotDecode(let version, let reason):
      "The snapshot's state (version \(version), after migration) does not decode: \(reason)"
    case .invalidForDefinition(let problems):
      "The snapshot does not fit the definition: \(problems.joined(separator: " "))"
    }
  }
}

extension DecodingError {
  /// What went wrong, and where in the state: `todos[2].title: expected String, found a number`.
  var explanation: String {
    func path(_ context: Context) -> String {
      let path = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
    }
    switch self {
    case .typeMismatch(let type, let context):
      return "at \(path(context)): expected \(type). \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "at \(path(context)): a \(type) is missing. \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "at \(path(context)): the key \"\(key.stringValue)\" is missing."
    case .dataCorrupted(let context):
      return "at \(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(self)"
    }
  }
}
