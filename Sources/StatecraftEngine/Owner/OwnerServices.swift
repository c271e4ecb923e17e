public import Synchronization

/// What every part of one owner shares: who it is, where its diagnostics go, and its inspectors.
///
/// It is the one report path of the engine: effects, side effects, state lifetimes and front-ends
/// all report through ``report(_:_:callSite:error:)``, which hands the diagnostic to the handler
/// and to the inspectors.
@usableFromInline
package final class OwnerServices: Sendable {
  @usableFromInline package let identity: OwnerIdentity
  package let diagnostics: DiagnosticHandler
  /// Whether an inspector is attached: what the hot paths check, a relaxed atomic load.
  @usableFromInline let inspected: Atomic<Bool>
  /// The inspectors, created with the first: an owner nobody inspects keeps none. Installed once
  /// and never replaced, so that every record reads it with one atomic load instead of a lock.
  /// Unmanaged: the context releases it in `deinit`.
  @usableFromInline let inspectionSlot: Atomic<Unmanaged<Inspection>?>
  private let lastEffectNumber = Atomic<UInt64>(0)
  /// The task executor the owner's tasks prefer: `nil` but under a test store. Boxed, so that an
  /// owner in an app pays one word for it.
  private let executorBox: ExecutorBox?
  /// The owner's effects, created with the first: an owner that starts none keeps no scope. Kept
  /// here rather than in the core, since effects need the context anyway: an owner that never
  /// makes its context pays nothing for it. The scope and the context refer to each other until
  /// the core closes, or is released.
  package var effectScope: EffectScope? {
    get {
      assertOwnersLockHeld()
      return storedEffectScope
    }
    set {
      assertOwnersLockHeld()
      storedEffectScope = newValue
    }
  }
  // Safe without isolation: only the owner's core reads and writes it, inside the core's lock
  // (see `OwnerCore.effects`), which debug builds check.
  nonisolated(unsafe) private var storedEffectScope: EffectScope?

  #if DEBUG
    /// Whether the owner's core holds its lock now: given by the core when it makes the context,
    /// so that debug builds check the promise above. `true` once the core is gone (its `deinit`
    /// takes the scope without a lock: nothing else can reach it).
    // Safe without isolation: set once, by the core that makes the context, before the context
    // is published to any other thread.
    nonisolated(unsafe) package var isOwnersLockHeld: (@Sendable () -> Bool)?
  #endif

  private func assertOwnersLockHeld(file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
      assert(
        isOwnersLockHeld?() ?? true, "the effect scope is touched only under its owner's lock", file: file, line: line)
    #endif
  }

  /// The task executor the owner's tasks prefer: `nil` but under a test store.
  @usableFromInline package var executor: (any TaskExecutor)? { executorBox?.executor }

  /// Captures the diagnostic handler and inspectors of the scope that creates the owner.
  ///
  /// - Parameter type: The owner's type, which names it in diagnostics and records.
  package convenience init(type: Any.Type, callSite: CallSite) {
    self.init(identity: OwnerIdentity(type: type, callSite: callSite))
  }

  /// Captures the diagnostic handler, inspectors and test executor of the scope that creates the
  /// owner.
  package convenience init(identity: OwnerIdentity) {
    self.init(
      identity: identity, diagnostics: DiagnosticHandler.current,
      inspectors: InspectorScope.inspectors, executor: EffectExecutor.preferred)
  }

  /// The context of an owner created outside every scope: the standard diagnostic handler, no
  /// inspector, no test executor. What ``init(identity:)`` would capture where
  /// ``scopeIsStandard`` is true, whatever the scope of the code that creates it later.
  package convenience init(standardScopeFor identity: OwnerIdentity) {
    self.init(identity: identity, diagnostics: .standard, inspectors: [], executor: nil)
  }

  private init(
    identity: OwnerIdentity, diagnostics: DiagnosticHandler, inspectors: [any Inspector],
    executor: (any TaskExecutor)?
  ) {
    self.identity = identity
    self.diagnostics = diagnostics
    self.inspectionSlot = Atomic(
      inspectors.isEmpty ? nil : Unmanaged.passRetained(Inspection(inspectors: inspectors)))
    self.inspected = Atomic(!inspectors.isEmpty)
    self.executorBox = executor.map(ExecutorBox.init)
  }

  /// Whether the running code sets no diagnostic handler, inspector or test executor: an owner
  /// created here can make its context later, when something needs it.
  package static var scopeIsStandard: Bool {
    DiagnosticHandler.current.isStandard && InspectorScope.inspectors.isEmpty
      && EffectExecutor.preferred == nil
  }

  /// Whether any inspector is attached. Check it before building what a record needs.
  @inlinable
  package var isInspected: Bool { inspected.load(ordering: .relaxed) }

  /// Attaches an inspector; it receives the records emitted from now on.
  package func attach(_ inspector: any Inspector) {
    if let existing = inspection {
      existing.attach(inspector)
    } else {
      let made = Unmanaged.passRetained(Inspection(inspectors: [inspector]))
      let (installed, existing) = inspectionSlot.compareExchange(
        expected: nil, desired: made, ordering: .acquiringAndReleasing)
      if !installed {
        // Another thread attached the first inspector meanwhile: join its inspection.
        made.release()
        existing?.takeUnretainedValue().attach(inspector)
      }
    }
    inspected.store(true, ordering: .relaxed)
  }

  /// The inspection, once an inspector is attached. It lives as long as the context.
  private var inspection: Inspection? {
    inspectionSlot.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  deinit {
    inspectionSlot.load(ordering: .acquiring)?.release()
  }

  /// How many inspection records wait for a busy inspector. For tests.
  package var inspectionQueuedCount: Int { inspection?.queuedCount ?? 0 }

  /// How many inspection records were dropped. For tests.
  package var inspectionDroppedCount: UInt64 { inspection?.droppedCount ?? 0 }

  /// Numbers, timestamps and delivers a record to the inspectors, if any is attached.
  @usableFromInline
  package func emit(_ kind: @autoclosure () -> InspectionRecord.Kind, callSite: CallSite? = nil) {
    guard isInspected, let inspection else { return }
    inspection.emit(kind(), owner: identity, callSite: callSite)
  }

  /// Whether the step about to run keeps its states for the inspectors (see ``StateSampling``).
  @inlinable
  package func keepsStates() -> Bool {
    guard let inspection = inspectionSlot.load(ordering: .acquiring) else { return true }
    return inspection._withUnsafeGuaranteedRef { $0.keepsStates() }
  }

  /// The ring the owner writes its steps to, while a ``StepReader`` is its only inspector and
  /// no record waits for another thread's delivery. Unretained: see ``Inspection/stepRing``.
  @inlinable
  package var stepRing: Unmanaged<AnyStepRing>? {
    guard let inspection = inspectionSlot.load(ordering: .acquiring) else { return nil }
    return inspection._withUnsafeGuaranteedRef { $0.stepRing }
  }

  /// The ring the owner writes its steps to, or wrote them to before another inspector was
  /// attached. Unretained: see ``Inspection/stepRing``.
  @inlinable
  package var anyStepRing: Unmanaged<AnyStepRing>? {
    guard let inspection = inspectionSlot.load(ordering: .acquiring) else { return nil }
    return inspection._withUnsafeGuaranteedRef { $0.stepRingSlot.load(ordering: .acquiring) }
  }

  /// Makes the owner write its steps to a ring, if its only inspector is a ``StepReader``.
  package func installStepRing(
    _ make: (_ sequence: InspectionSequence, _ capacity: Int) -> AnyStepRing
  ) {
    inspection?.installStepRing(make)
  }

  /// Begins inspecting the step of one message: numbers and timestamps its `received` record and
  /// holds it back, so that ``endStep(_:received:callSite:update:)`` delivers it with the state
  /// update for one more lock and no second clock read. `nil` when no inspector is attached, or
  /// when the record was queued behind another thread's delivery.
  @usableFromInline
  package func beginStep(
    _ received: InspectionRecord.Kind, callSite: CallSite?
  ) -> Inspection.Claim? {
    guard isInspected, let inspection else { return nil }
    return inspection.claimStep(received, owner: identity, callSite: callSite)
  }

  /// Ends a step that ``beginStep(_:callSite:)`` began: delivers its `received` record, then
  /// `update`.
  @usableFromInline
  package func endStep(
    _ claim: Inspection.Claim?, received: consuming InspectionRecord.Kind, callSite: CallSite?,
    update: @autoclosure () -> InspectionRecord.Kind
  ) {
    guard let claim, let inspection else {
      emit(update())
      return
    }
    inspection.emitStateUpdated(
      received, callSite: callSite, update: update(), owner: identity, claim: claim)
  }

  /// Keeps the state before the message being processed, while inspectors wait for its update.
  /// Only the holder of the processing right calls it, when an inspector is attached.
  @usableFromInline
  package func keepStateBefore(_ state: InspectedValue) {
    inspection?.keepStateBefore(state)
  }

  /// Whether ``keepStateBefore(_:)`` kept a state that no update has taken yet: the records of
  /// the message being processed have begun.
  @usableFromInline
  package var keepsStateBefore: Bool {
    inspection?.keepsStateBefore ?? false
  }

  /// The state that ``keepStateBefore(_:)`` kept, once: `nil` if nothing was kept since.
  @usableFromInline
  package func takeStateBefore() -> InspectedValue? {
    inspection?.takeStateBefore()
  }

  /// Numbers the owner's effects, from 1, in the order they start.
  package func nextEffectNumber() -> UInt64 {
    lastEffectNumber.add(1, ordering: .relaxed).newValue
  }

  /// The owner's name, for messages.
  @usableFromInline
  package var name: String { identity.name }

  /// Reports a diagnostic to the handler and to the inspectors.
  @usableFromInline
  package func report(
    _ kind: Diagnostic.Kind, _ message: String, callSite: CallSite? = nil, error: (any Error)? = nil
  ) {
    let diagnostic = Diagnostic(
      kind: kind, message: message, source: identity.name, error: error, callSite: callSite)
    diagnostics.report(diagnostic)
    emit(.diagnostic(diagnostic))
  }
}

/// A task executor, behind one reference.
private final class ExecutorBox: Sendable {
  let executor: any TaskExecutor

  init(_ executor: any TaskExecutor) {
    self.executor = executor
  }
}
