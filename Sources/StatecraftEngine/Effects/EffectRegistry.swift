/// Which effects of one owner are running, under which ids, and which throttle windows are open.
///
/// A value-type state machine in the style of swift-async-algorithms' `ChannelStateMachine`: its
/// transitions decide, and return what the caller does, such as the handles to cancel or the
/// effect to start. ``EffectScope`` holds it in a lock and acts outside the lock.
///
/// A throttle window is open from the moment a throttled effect starts until `interval` later.
/// While it is open, a newer effect with the same id waits in the window (replacing the one that
/// waited, with `latest`, or dropped, without). When the window ends, the waiting effect starts and
/// opens the next window; with none waiting, the window is removed, so ids that are used once leave
/// nothing behind.
package struct EffectRegistry {
  /// An effect that waits for a throttle window to end, and how to start it then.
  package struct PendingEffect: Sendable {
    package let handle: EffectHandle
    package let priority: TaskPriority?
    /// Called when the effect starts; returns the operation its task runs.
    package let prepare: @Sendable () -> nonisolated(nonsending) @Sendable (EffectHandle) async -> Void

    package init(
      handle: EffectHandle, priority: TaskPriority?,
      prepare: @escaping @Sendable () -> nonisolated(nonsending) @Sendable (EffectHandle) async -> Void
    ) {
      self.handle = handle
      self.priority = priority
      self.prepare = prepare
    }
  }

  package struct ThrottleWindow {
    /// Tells this window from a later one with the same id, for the timer that ends it.
    package let token: UInt64
    package let end: EffectClock.Deadline
    package let interval: Duration
    package var pending: PendingEffect?
  }

  private var running: [ObjectIdentifier: EffectHandle] = [:]
  private var byID: [EffectID: [EffectHandle]] = [:]
  private var windows: [EffectID: ThrottleWindow] = [:]
  /// The timers that end open windows, by window token, to cancel when the registry closes.
  private var windowTimers: [UInt64: Task<Void, Never>] = [:]
  private var lastWindowToken: UInt64 = 0
  /// The scopes of child features that started effects, by child (see ``ChildScopeKey``).
  private var children: [ChildScopeKey: EffectScope] = [:]
  /// Set when the owner is gone: nothing new may start.
  package private(set) var isClosed = false

  package init() {}

  /// Registers a new effect. With `cancelInFlight`, the effects already running under the handle's
  /// id are unregistered and returned for cancelling. Returns `nil` when the registry is closed.
  package mutating func register(_ handle: EffectHandle, cancelInFlight: Bool) -> [EffectHandle]? {
    guard !isClosed else { return nil }
    var replaced: [EffectHandle] = []
    if cancelInFlight, let id = handle.id {
      replaced = cancel(id: id)
    }
    add(handle)
    return replaced
  }

  /// Forgets an effect that returned or was cancelled, so that its id is free again.
  package mutating func unregister(_ handle: EffectHandle) {
    guard running.removeValue(forKey: ObjectIdentifier(handle)) != nil, let id = handle.id else {
      return
    }
    byID[id]?.removeAll { $0 === handle }
    if byID[id]?.isEmpty == true { byID[id] = nil }
  }

  /// Unregisters and returns every effect running under `id`, including one that waits in a
  /// throttle window.
  package mutating func cancel(id: EffectID) -> [EffectHandle] {
    windows[id]?.pending = nil
    guard let handles = byID.removeValue(forKey: id) else { return [] }
    for handle in handles { running[ObjectIdentifier(handle)] = nil }
    return handles
  }

  /// What a closing registry leaves for the caller to cancel and close.
  package struct Closed {
    package var effects: [EffectHandle]
    package var windowTimers: [Task<Void, Never>]
    package var children: [EffectScope]
  }

  /// Closes the registry and returns every running effect, window timer and child scope, for
  /// cancelling and closing.
  package mutating func close() -> Closed {
    isClosed = true
    defer {
      running = [:]
      byID = [:]
      windows = [:]
      windowTimers = [:]
      children = [:]
    }
    return Closed(
      effects: Array(running.values), windowTimers: Array(windowTimers.values),
      children: Array(children.values))
  }

  // MARK: Child scopes

  /// The scope of the child `key`, made by `make` if the child has none yet. `nil` once the
  /// registry is closed: a child of a closed owner starts nothing.
  package mutating func child(_ key: ChildScopeKey, make: () -> EffectScope) -> EffectScope? {
    guard !isClosed else { return nil }
    if let scope = children[key] { return scope }
    let scope = make()
    children[key] = scope
    return scope
  }

  /// The scope of the child `key`, if it has one.
  package func existingChild(_ key: ChildScopeKey) -> EffectScope? {
    children[key]
  }

  /// Forgets the scope of the child `key` and returns it, for closing.
  package mutating func removeChild(_ key: ChildScopeKey) -> EffectScope? {
    children.removeValue(forKey: key)
  }

  /// The scopes of the children that have one now.
  package var childScopes: [EffectScope] { Array(children.values) }

  // MARK: Throttle windows

  /// What the caller does with a throttled effect.
  package enum ThrottleAction {
    /// No window was open: start the effect now, and the timer that ends the window it opened.
    case startNow(windowToken: UInt64)
    /// A window is open: the effect waits in it, replacing the effect returned here, if any, which
    /// the caller cancels.
    case wait(replacing: EffectHandle?)
    /// A window is open and an effect already waits in it (without `latest`): drop this one.
    case drop
    /// The owner is gone.
    case closed
  }

  /// Decides what a throttled effect does. `windowEnd` is when a window opened now would end.
  package mutating func throttle(
    id: EffectID, latest: Bool, effect: PendingEffect, interval: Duration,
    windowEnd: EffectClock.Deadline
  ) -> ThrottleAction {
    guard !isClosed else { return .closed }
    guard var window = windows[id] else {
      lastWindowToken &+= 1
      windows[id] = ThrottleWindow(token: lastWindowToken, end: windowEnd, interval: interval)
      add(effect.handle)
      return .startNow(windowToken: lastWindowToken)
    }
    if let cancelled = window.pending?.handle, cancelled.isCancelled {
      unregister(cancelled)
      window.pending = nil
    }
    let waiting = window.pending?.handle
    if waiting != nil, !latest { return .drop }
    if let waiting { unregister(waiting) }
    window.pending = effect
    windows[id] = window
    add(effect.handle)
    return .wait(replacing: waiting)
  }

  /// Keeps the timer that ends a window, to cancel it if the registry closes first. Returns
  /// `false` if the window has already ended or the registry closed: the caller cancels the timer.
  package mutating func keepTimer(_ timer: Task<Void, Never>, forWindow token: UInt64) -> Bool {
    guard !isClosed, windows.values.contains(where: { $0.token == token }) else { return false }
    windowTimers[token] = timer
    return true
  }

  /// What the caller does when a window's timer fires.
  package enum WindowEndAction {
    /// Start the effect that waited, and the timer of the window it opens, which ends at `end`.
    case start(PendingEffect, windowToken: UInt64, end: EffectClock.Deadline)
    /// Nothing waited, or the window was gone: the window is removed.
    case none
  }

  /// Ends the window with this token. The waiting effect, if any, starts `now`, and the window it
  /// opens lasts the same interval from then.
  package mutating func windowEnded(
    id: EffectID, token: UInt64, now: EffectClock.Deadline
  ) -> WindowEndAction {
    windowTimers[token] = nil
    guard let window = windows[id], window.token == token else { return .none }
    guard let pending = window.pending, !pending.handle.isCancelled else {
      if let cancelled = window.pending?.handle { unregister(cancelled) }
      windows[id] = nil
      return .none
    }
    lastWindowToken &+= 1
    let end = now.advanced(by: window.interval)
    windows[id] = ThrottleWindow(token: lastWindowToken, end: end, interval: window.interval)
    return .start(pending, windowToken: lastWindowToken, end: end)
  }

  /// How many throttle windows are open.
  package var openWindowCount: Int { windows.count }

  /// The timers that will end the open windows.
  package var windowTimerTasks: [Task<Void, Never>] { Array(windowTimers.values) }

  // MARK: Queries

  /// Whether an effect that was not cancelled is running under `id`.
  package func isRunning(id: EffectID) -> Bool {
    byID[id]?.contains { !$0.isCancelled } ?? false
  }

  /// The running effects that were not cancelled.
  package var liveHandles: [EffectHandle] { running.values.filter { !$0.isCancelled } }

  private mutating func add(_ handle: EffectHandle) {
    running[ObjectIdentifier(handle)] = handle
    if let id = handle.id { byID[id, default: []].append(handle) }
  }
}
