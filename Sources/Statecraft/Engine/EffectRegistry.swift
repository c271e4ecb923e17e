/// Which effects of one owner are running, and under which ids.
///
/// A value type whose transitions return the handles to cancel, in the style of
/// swift-async-algorithms' state machines: ``EffectScope`` holds it in a ``CriticalState`` lock and performs the
/// returned actions outside the lock.
struct EffectRegistry {
  /// The clock reading and pending effect of one throttle id.
  struct ThrottleWindow {
    /// When the last throttled effect started, as the clock's `Instant`.
    var lastStart: any Sendable
    /// The effect that waits for the window to end, if one does.
    var pending: EffectHandle?
  }

  private var running: [ObjectIdentifier: EffectHandle] = [:]
  private var byID: [EffectID: [EffectHandle]] = [:]
  private var throttleWindows: [EffectID: ThrottleWindow] = [:]
  /// Set when the owner is gone: nothing new may start.
  private(set) var isClosed = false

  /// Registers a new effect. With `cancelInFlight`, the effects already running under the handle's
  /// id are unregistered and returned for cancelling. Returns `nil` when the registry is closed.
  mutating func register(_ handle: EffectHandle, cancelInFlight: Bool) -> [EffectHandle]? {
    guard !isClosed else { return nil }
    var replaced: [EffectHandle] = []
    if cancelInFlight, let id = handle.id {
      replaced = cancel(id: id)
    }
    running[ObjectIdentifier(handle)] = handle
    if let id = handle.id { byID[id, default: []].append(handle) }
    return replaced
  }

  /// Forgets an effect that returned or was cancelled, so that its id is free again.
  mutating func unregister(_ handle: EffectHandle) {
    guard running.removeValue(forKey: ObjectIdentifier(handle)) != nil, let id = handle.id else {
      return
    }
    byID[id]?.removeAll { $0 === handle }
    if byID[id]?.isEmpty == true { byID[id] = nil }
  }

  /// Unregisters and returns every effect running under `id`.
  mutating func cancel(id: EffectID) -> [EffectHandle] {
    guard let handles = byID.removeValue(forKey: id) else { return [] }
    for handle in handles { running[ObjectIdentifier(handle)] = nil }
    return handles
  }

  /// Closes the registry and returns every running effect, for cancelling.
  mutating func close() -> [EffectHandle] {
    isClosed = true
    let handles = Array(running.values)
    running = [:]
    byID = [:]
    throttleWindows = [:]
    return handles
  }

  /// Reads and updates the throttle window of `id`.
  mutating func withThrottleWindow<R>(
    _ id: EffectID, _ body: (inout ThrottleWindow?) -> R
  ) -> R {
    body(&throttleWindows[id])
  }

  /// Whether an effect that was not cancelled is running under `id`.
  func isRunning(id: EffectID) -> Bool {
    byID[id]?.contains { !$0.isCancelled } ?? false
  }

  /// The running effects that were not cancelled.
  var liveHandles: [EffectHandle] { running.values.filter { !$0.isCancelled } }
}
