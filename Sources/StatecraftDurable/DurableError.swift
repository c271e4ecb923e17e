#if Durable
  /// Why a durable operation failed. Each names the instance it is about.
  ///
  /// ```swift
  /// let storage = try await SQLiteDurableStorage(path: NSTemporaryDirectory() + "counters.sqlite")
  /// let counters = DurableStores(schema: SnapshotSchema<Int>("counter"), storage: storage) {
  ///   (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// do {
  ///   try await counters.send(1, to: "nobody")
  /// } catch DurableError.unknownInstance(let id) {
  ///   print("no instance \(id)")   // no instance nobody
  /// }
  /// ```
  public enum DurableError: Error, Equatable, CustomStringConvertible {
    /// No instance has this id.
    case unknownInstance(String)
    /// An instance with this id exists already.
    case instanceExists(String)
    /// The instance's stored snapshot could not be read: corrupt, of another definition, or of a
    /// newer schema version than this build knows. `reason` is the ``/StatecraftJournal/SnapshotError``'s text.
    case unreadableSnapshot(instance: String, reason: String)
    /// Other steps kept committing first, `attempts` times in a row.
    case conflict(instance: String, attempts: Int)
    /// An output in the outbox could not be decoded as the definition's output type: written by
    /// another version of the definition. It stays in the outbox.
    case unreadableOutput(id: String, reason: String)

    /// A sentence that says what failed, naming the instance or output concerned.
    public var description: String {
      switch self {
      case .unknownInstance(let id): "No durable instance has the id '\(id)'."
      case .instanceExists(let id): "A durable instance with the id '\(id)' exists already."
      case .unreadableSnapshot(let id, let reason):
        "The stored snapshot of instance '\(id)' cannot be read: \(reason)"
      case .conflict(let id, let attempts):
        "Instance '\(id)': \(attempts) attempts in a row found another step committed first."
      case .unreadableOutput(let id, let reason):
        "The output '\(id)' in the outbox cannot be read: \(reason)"
      }
    }
  }
#endif
