/// The snapshot envelope's format that this version of Statecraft writes, and the newest it reads.
enum SnapshotFormat {
  static let current = 1
}

/// A snapshot as stored: what it is, of which definition, of which schema version, and the state.
///
/// ```json
/// {"statecraft": "snapshot", "format": 1, "definition": "todos", "version": 3, "state": {…}}
/// ```
///
/// `format` is the envelope's own version, Statecraft's; `version` is the user's schema version.
struct SnapshotEnvelope<State: Encodable>: Encodable {
  var statecraft = "snapshot"
  var format = SnapshotFormat.current
  var definition: String
  var version: Int
  var state: State
}

/// An envelope read before its state is known to decode: every field optional, so that a wrong
/// snapshot is told apart from a corrupt one.
struct RawSnapshotEnvelope: Decodable {
  var statecraft: String?
  var format: Int?
  var definition: String?
  var version: Int?
  var state: JSONValue?
}
