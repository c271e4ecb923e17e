#if LiveInspector
  import Dispatch
  import Synchronization

  /// Holds the inspector's pump while a test makes its store run ahead of it: the first
  /// description of a ``GatedCount`` waits, on the pump's thread, until the test opens the gate.
  final class PumpGate: Sendable {
    /// Yields once the pump waits at the gate.
    let entered: AsyncStream<Void>
    private let enteredContinuation: AsyncStream<Void>.Continuation
    private let release = DispatchSemaphore(value: 0)
    private let isArmed = Atomic(true)

    init() {
      (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// The pump's side: waits at the first call, until ``open()``.
    func pass() {
      guard isArmed.exchange(false, ordering: .relaxed) else { return }
      enteredContinuation.yield()
      release.wait()
    }

    func open() {
      release.signal()
    }
  }

  /// A count whose first description, the pump's work, waits at a ``PumpGate``.
  struct GatedCount: Equatable, CustomReflectable, Sendable {
    var count = 0
    let gate: PumpGate

    var customMirror: Mirror {
      gate.pass()
      return Mirror(self, children: ["count": count], displayStyle: .struct)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.count == rhs.count }
  }
#endif
