/// Something Statecraft noticed that would otherwise pass silently.
///
/// Stores, machines and broadcasts never print. They hand a `Diagnostic` to the
/// ``DiagnosticHandler`` that was current when they were created, and to their inspectors. By
/// default that handler logs through swift-log; `StatecraftTesting` offers one that reports a test
/// issue at the diagnostic's ``callSite``.
///
/// ```swift
/// let store = DiagnosticHandler.$current.withValue(DiagnosticHandler { diagnostic in
///   print(diagnostic.kind, diagnostic.source, diagnostic.message)
///   if let callSite = diagnostic.callSite { print("at", callSite) }
/// }) {
///   Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///     count += step
///     return .none
///   }
/// }
/// store.send(1)   // reports nothing: nothing went wrong
/// ```
public struct Diagnostic: Sendable, CustomStringConvertible {
  /// What kind of problem this is. Match on it to filter diagnostics.
  ///
  /// ```swift
  /// let quotaExceeded = Diagnostic.Kind("quotaExceeded")
  /// let handler = DiagnosticHandler { diagnostic in
  ///   guard diagnostic.kind != .sendAfterFinish else { return }   // expected once a view closes
  ///   print(diagnostic)
  /// }
  /// handler.report(
  ///   Diagnostic(kind: quotaExceeded, message: "The upload quota is used up.", source: "Uploader"))
  /// // [quotaExceeded] Uploader: The upload quota is used up.
  /// ```
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// A stable, human-readable name, such as `"effectFailed"`.
    public let name: String

    /// Creates a kind. Front-ends define their kinds as static members.
    public init(_ name: String) { self.name = name }

    /// The kind's ``name``.
    public var description: String { name }

    /// An effect threw an error that nothing caught.
    public static let effectFailed = Kind("effectFailed")
    /// `send` was called from inside a reducer. The action was queued, not run nested.
    public static let sendDuringReduce = Kind("sendDuringReduce")
    /// Code that runs while its owner processes a message (a middleware, a state's `enter()` or
    /// `exit()`) sent a message to that same owner and would have waited for it. The message was
    /// queued behind the current one, and the call returned without waiting: waiting would never
    /// end.
    public static let reentrantSend = Kind("reentrantSend")
    /// A state that is no longer current asked for a transition. It was ignored.
    public static let staleTransition = Kind("staleTransition")
    /// A machine was asked to transition or stop before it started or after it stopped. The
    /// request was ignored.
    public static let machineNotRunning = Kind("machineNotRunning")
    /// `start()` was called on a machine that had already started. The call was ignored.
    public static let startedTwice = Kind("startedTwice")
    /// A state started work after its lifetime ended, in `exit()` or later. It was not started.
    public static let stateNotCurrent = Kind("stateNotCurrent")
    /// A running machine received an event that no transition handles in its current state.
    public static let unhandledEvent = Kind("unhandledEvent")
    /// A running machine's state has an output that its runtime maps to no side effect.
    public static let unmappedOutput = Kind("unmappedOutput")
    /// A state's `@StateContext` or `@StateTransition` was used outside a running machine.
    public static let outsideMachine = Kind("outsideMachine")
    /// A `@StateContext` asked for a context type that its machine does not have.
    public static let contextTypeMismatch = Kind("contextTypeMismatch")
    /// An element was sent to a broadcast after `finish()`. It was dropped.
    public static let sendAfterFinish = Kind("sendAfterFinish")
  }

  /// What kind of problem this is.
  public let kind: Kind
  /// A sentence that says what happened and what to do about it.
  public let message: String
  /// The object that reported it, such as `Store<Search.State, Search.Action, ()>`.
  public let source: String
  /// The error behind the diagnostic, when there is one.
  public let error: (any Error)?
  /// Where the code that caused it was written: the effect that threw, the `send` made from a
  /// reducer, the `transition(to:)` of a state that had exited. `nil` when no line of user code
  /// caused it.
  public let callSite: CallSite?

  /// Creates a diagnostic.
  public init(
    kind: Kind, message: String, source: String, error: (any Error)? = nil,
    callSite: CallSite? = nil
  ) {
    self.kind = kind
    self.message = message
    self.source = source
    self.error = error
    self.callSite = callSite
  }

  /// `[kind] source: message`, then ` (at Module/File.swift:12:5)` when it has a ``callSite``.
  public var description: String {
    "[\(kind)] \(source): \(message)" + (callSite.map { " (at \($0))" } ?? "")
  }
}
