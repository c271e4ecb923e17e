#if Durable
  /// The ids a durable runtime records the steps it applied under, in two namespaces: the ids its
  /// callers pass to `send`, and the ids it derives for its own steps (a timer's due time, an
  /// invocation's event, an effect's action). The derived ones begin with ``reservedPrefix``, which
  /// a caller's id may not, so that no caller's id is ever taken for one of them.
  enum DurableEventID {
    /// What every id the runtime derives begins with.
    static let reservedPrefix = "statecraft:"

    /// `id`, checked as a caller's id: throws ``DurableError/invalidEventID(_:reason:)`` for an
    /// empty one or one in the runtime's namespace.
    static func caller(_ id: String) throws(DurableError) -> String {
      if id.isEmpty { throw .invalidEventID(id, reason: "an event id cannot be empty") }
      if id.hasPrefix(reservedPrefix) {
        throw .invalidEventID(
          id,
          reason: "ids that begin with '\(reservedPrefix)' are the runtime's own (timers, invocations,"
            + " effects' actions)")
      }
      return id
    }

    /// The step that fires the timers due at `milliseconds` of the instance's time: the same id
    /// for every worker that fires it.
    static func timer(dueAt milliseconds: Int64) -> String {
      "\(reservedPrefix)timer:\(milliseconds)"
    }

    /// An event an invocation sent: unique to this delivery.
    static func invocationEvent(_ invocation: String, delivery: String) -> String {
      "\(reservedPrefix)invocation:\(invocation):\(delivery)"
    }

    /// The `number`th action (from 1) that the effect of step `eventID` sent. Unambiguous: the
    /// number is the digits after the last colon, and `eventID` is what precedes them.
    static func effectAction(of eventID: String, number: Int) -> String {
      "\(reservedPrefix)effect:\(eventID):\(number)"
    }
  }
#endif
