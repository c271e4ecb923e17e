/// How often a ``Journal`` writes a whole state: a keyframe. Between keyframes, a step is its
/// message alone, and reading its state replays the steps since the last keyframe (see
/// ``JournalRecording/state(at:replaying:)``).
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// let everyStep = try Journal(schema: schema, action: Int.self, keyframes: .everyStep)
/// let sparse = try Journal(schema: schema, action: Int.self, keyframes: .afterStepBytes(1 << 20))
/// print(everyStep.keyframes, sparse.keyframes)   // every step, after 1048576 bytes of steps
/// ```
///
/// A keyframe costs the step it is taken at a copy of the state and its encoding, and the
/// journal its size; a step between keyframes costs neither, whatever the state's size (a chart's
/// owner still keeps its snapshot, a copy that shares its storage, for the chart's time). Replay
/// needs the reducer, machine or chart to be pure: a step that read a clock or a random number
/// replays to another state, which the next keyframe shows (`JournalRecording.replay(_:)`
/// reports it). Record ``everyStep`` when the steps cannot be replayed. A chart's steps depend on
/// its clock, whose time the journal writes on every step, so they replay.
public struct JournalKeyframes: Sendable, Hashable, CustomStringConvertible {
  /// The bytes of steps written since the last keyframe that call for the next: 0 for every
  /// step.
  let stepBytes: Int

  /// A keyframe after every step: every state can be read without replaying, at the cost of
  /// encoding and writing the whole state on every step.
  public static let everyStep = Self(stepBytes: 0)

  /// A keyframe once the steps written since the last take `bytes`, or twice as many bytes as the
  /// last keyframe if that is more: keyframes then hold at most about a third of the journal, and
  /// reading a step replays at most `bytes` of steps, or two keyframes' worth. The journal's
  /// `start` is its first keyframe.
  public static func afterStepBytes(_ bytes: Int) -> Self {
    precondition(bytes > 0, "A journal writes a keyframe after 1 byte of steps or more.")
    return Self(stepBytes: bytes)
  }

  /// A keyframe after 64 KB of steps (about 500 steps of a small state), or two keyframes' worth
  /// for a large state: any step of a small state's million-step journal replays in a few
  /// milliseconds, and a large state's journal grows by about one and a half times its steps'
  /// own size.
  public static let automatic = afterStepBytes(64 << 10)

  /// `every step`, or `after N bytes of steps`.
  public var description: String { stepBytes == 0 ? "every step" : "after \(stepBytes) bytes of steps" }
}
