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
    /// A caller's event id that cannot be used: empty, or in the runtime's own namespace (ids that
    /// begin with `statecraft:` name its timers', invocations' and effects' steps).
    case invalidEventID(String, reason: String)
    /// The event id was applied to the instance with another event: an event id names one event,
    /// and a retry sends the same one. `applied` and `sent` are the two events as JSON.
    case eventIDReused(instance: String, eventID: String, applied: String, sent: String)

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
      case .invalidEventID(let id, let reason):
        "The event id '\(id)' cannot be used: \(reason)."
      case .eventIDReused(let id, let eventID, let applied, let sent):
        "Instance '\(id)': the event id '\(eventID)' was applied to the event \(applied), not to \(sent)."
          + " An event id names one event: retry with the same event, or give a new event a new id."
      }
    }
  }
#endif
