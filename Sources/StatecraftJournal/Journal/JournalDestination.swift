/// Where a ``Journal`` writes, and how much it keeps.
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// let destination: JournalDestination = .memory(keepingLastSteps: 1_000)   // the last 1,000 steps or so
/// // or .file("/tmp/counter.jsonl")                                       // every step, in one file
/// // or .rollingFiles("/tmp/counter.jsonl", maxBytes: 10_000_000, keep: 3) // the latest 3 files
/// store.attach(try Journal(schema: schema, action: Int.self, to: destination))
/// ```
///
/// Whatever it keeps, a journal says how many steps it dropped (``Journal/droppedSteps``, and the
/// header's `droppedSteps`), and what it keeps replays on its own: it starts with the state before
/// its first kept step.
public struct JournalDestination: Sendable {
  enum Kind: Sendable {
    case memory(lastSteps: Int?)
    case file(path: String, maxBytes: Int?, keep: Int)
  }

  let kind: Kind

  /// In memory, read with ``Journal/contents()``: every step, or the last `keepingLastSteps` and
  /// those back to the keyframe before them, which the kept steps start from (up to about as many
  /// more).
  public static func memory(keepingLastSteps: Int? = nil) -> Self {
    precondition(keepingLastSteps.map { $0 > 0 } ?? true, "A journal keeps at least one step.")
    return Self(kind: .memory(lastSteps: keepingLastSteps))
  }

  /// Every step, in the file at `path`, which is created or emptied.
  public static func file(_ path: String) -> Self {
    Self(kind: .file(path: path, maxBytes: nil, keep: 1))
  }

  /// The file at `path`, rolled when it reaches `maxBytes`: it becomes `path.1` (the previous
  /// `path.1` becomes `path.2`, and so on), and only the `keep` newest files stay. Each file begins
  /// with a header and the state before its first step, so each replays on its own: a file rolls
  /// at a keyframe, so it may pass `maxBytes` by the steps up to the next one.
  public static func rollingFiles(_ path: String, maxBytes: Int, keep: Int = 3) -> Self {
    precondition(maxBytes > 0 && keep > 0, "A rolling journal needs a size and keeps a file or more.")
    return Self(kind: .file(path: path, maxBytes: maxBytes, keep: keep))
  }
}
