/// A side effect that a reducer returns, as a value: the store runs it.
///
/// Build effects with the static factories. SwiftTea's spellings all work:
///
/// ```swift
/// struct API: Sendable {
///   func fetch() async throws -> String { "data" }
///   func search(_ query: String) async throws -> [String] { [query] }
/// }
/// struct ChatState { var data = ""; var users: [String] = []; var messages: [String] = [] }
/// enum ChatAction: Sendable {
///   case load, dataReceived(String)
///   case search(String), usersReceived([String])
///   case connect, received(String), disconnect
/// }
///
/// struct Chat {
///   let api: API
///   let messages: AsyncStream<ChatAction>
///
///   func reduce(_ state: ChatState, _ action: ChatAction) -> (ChatState, Effect<ChatAction>) {
///     var state = state
///     switch action {
///     case .load:
///       return (state, .task { .dataReceived(try await api.fetch()) })
///     case .search(let query):
///       return (state, .cancellable({ .usersReceived(try await api.search(query)) }, "user-search"))
///     case .connect:
///       return (state, .stream(messages, id: "websocket"))
///     case .disconnect:
///       return (state, .cancel("websocket"))
///     case .dataReceived(let data): state.data = data
///     case .usersReceived(let users): state.users = users
///     case .received(let message): state.messages.append(message)
///     }
///     return (state, .none)
///   }
/// }
/// ```
///
/// ```swift
/// let (messages, _) = AsyncStream.makeStream(of: ChatAction.self)
/// let chat = Chat(api: API(), messages: messages)
/// let store = Store(initialState: ChatState(), reduce: chat.reduce)
/// store.send(.load)
/// ```
///
/// Effects are `Sendable`, so a reducer may build them anywhere. A store starts an effect's tasks
/// in the order the effect lists them and delivers each action they produce back on the main actor.
public struct Effect<Action: Sendable>: Sendable {
  /// The operation this effect stands for.
  @usableFromInline
  enum Operation: Sendable {
    case none
    /// An action fed back synchronously, inside the same `send`.
    case send(Action)
    case run(Run)
    /// Children started together; they run concurrently.
    case merge([Effect])
    /// Children run one after another.
    case concatenate([Effect])
    indirect case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    case cancel(EffectID)
    indirect case throttle(Effect, ThrottlePolicy)
    /// Waits on a clock: the first half of a debounce.
    case delay(EffectDelay)
    /// A child feature's effects, which run in the child's own scope, and end with it.
    indirect case child(Effect, ChildScopeKey)
    /// Ends child features, each at its path of scopes: cancels what they started, and drops what
    /// it was about to deliver.
    case endChildren([[ChildScopeKey]])
    /// A mistake that a composed reducer found in the action, such as one for a child that is not
    /// there, reported at the line of the `send` that sent it.
    case report(ReducerReport)
  }

  /// An asynchronous operation, what to do with its errors, and where it was written.
  @usableFromInline
  struct Run: Sendable {
    /// The priority's raw value: `TaskPriority` comes from a module built for library evolution,
    /// and holding one made `Effect` a type whose layout a client learns at run time, so that a
    /// store paid runtime calls to copy, destroy and switch over every effect, `.none` included.
    private var rawPriority: UInt8?
    var priority: TaskPriority? {
      get { rawPriority.map(TaskPriority.init(rawValue:)) }
      set { rawPriority = newValue?.rawValue }
    }
    /// Runs where its caller runs: the store's effect tasks start on the main actor, so that a
    /// `.task` hops off it only for the user's operation and delivers without hopping back.
    var operation: nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void
    var handleError: (@Sendable (any Error, Send<Action>) async -> Void)?
    var callSite: CallSite

    init(
      priority: TaskPriority?,
      operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void,
      handleError: (@Sendable (any Error, Send<Action>) async -> Void)? = nil, callSite: CallSite
    ) {
      self.rawPriority = priority?.rawValue
      self.operation = operation
      self.handleError = handleError
      self.callSite = callSite
    }
  }

  /// The operation, in a box shared by copies: `nil` for ``none``. One optional reference, so that
  /// copying or destroying an effect is one retain or release, `.none` costing a null check.
  /// (`Operation` has too many cases for the compiler to copy it inline: held unboxed, every copy
  /// and destroy of an effect, `.none` included, went through its metadata, and a composed
  /// reducer makes and drops several effects at each level on each action.)
  @usableFromInline let box: Box?

  /// An effect's operation, in the box that copies of the effect share.
  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let operation: Operation

    @inlinable init(_ operation: Operation) {
      self.operation = operation
    }
  }

  /// The operation this effect stands for.
  @inlinable var operation: Operation { box?.operation ?? .none }

  /// Whether this effect does nothing.
  @inlinable package var isNone: Bool { box == nil }

  /// An effect that does something: ``none`` is the one effect that does not.
  @inlinable
  init(_ operation: Operation) {
    self.box = Box(operation)
  }

  @inlinable
  init(none: Void) {
    self.box = nil
  }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(none: ()) }

  /// Feeds `action` back into the store at once, inside the same `send`, before `send` returns.
  ///
  /// ```swift
  /// enum FormAction: Sendable { case submit, validate }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: [String]()) { (log: inout [String], action: FormAction) in
  ///   switch action {
  ///   case .submit: log.append("submit"); return .send(.validate)
  ///   case .validate: log.append("validate"); return .none
  ///   }
  /// }
  /// store.send(.submit)
  /// print(store.state)   // ["submit", "validate"]: the follow-up ran inside the same send
  /// ```
  ///
  /// Follow-ups run iteratively: a chain of any length does not grow the stack.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(.send(action))
  }

  /// Runs an asynchronous operation that returns one action.
  ///
  /// ```swift
  /// let api = API()
  /// let store = Store(initialState: ChatState()) { (state: inout ChatState, action: ChatAction) in
  ///   switch action {
  ///   case .load: return .task { .dataReceived(try await api.fetch()) }
  ///   case .dataReceived(let data): state.data = data; return .none
  ///   default: return .none
  ///   }
  /// }
  /// await store.send(.load).finish()
  /// print(store.state.data)   // data
  /// ```
  ///
  /// An error it throws goes to the store's ``/StatecraftEngine/DiagnosticHandler``; use ``run(priority:operation:catch:fileID:filePath:line:column:)``
  /// to turn errors into actions instead. A `CancellationError` is not reported.
  public static func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    // The wrapper is nonisolated(nonsending), so it runs on the effect's task, on the main actor:
    // only `operation` leaves it, and the action is delivered without hopping back.
    Self(
      .run(
        Run(
          priority: priority, operation: { send in await send(try await operation()) },
          handleError: nil,
          callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))))
  }

  /// Runs an asynchronous operation that may send any number of actions.
  ///
  /// ```swift
  /// struct Socket: Sendable { let messages: AsyncThrowingStream<String, any Error> }
  /// enum SocketAction: Sendable { case connect, received(String), failed(String) }
  ///
  /// func socketReducer(socket: Socket) -> Reduce<[String], SocketAction> {
  ///   Reduce { log, action in
  ///     switch action {
  ///     case .connect:
  ///       return .run { send in
  ///         for try await message in socket.messages { await send(.received(message)) }
  ///       } catch: { error, send in
  ///         await send(.failed(error.localizedDescription))
  ///       }
  ///     case .received(let message), .failed(let message):
  ///       log.append(message)
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work. Deliver actions with `await send(action)`.
  ///   - handler: Turns an error the operation throws into actions. Without it, errors go to the
  ///     store's ``/StatecraftEngine/DiagnosticHandler``, reported at the line of this `.run`. Errors
  ///     thrown after the effect is cancelled, and `CancellationError`, are not errors and reach
  ///     neither.
  ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    Self(
      .run(
        Run(
          priority: priority, operation: operation, handleError: handler,
          callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))))
  }

  /// Starts every effect at once, in order. They run concurrently.
  ///
  /// ```swift
  /// struct Profile: Sendable {
  ///   func name() async throws -> String { "Ada" }
  ///   func unread() async throws -> Int { 3 }
  /// }
  /// struct HomeState { var name = ""; var unread = 0 }
  /// enum HomeAction: Sendable { case appeared, named(String), counted(Int) }
  /// ```
  ///
  /// ```swift
  /// let profile = Profile()
  /// let store = Store(initialState: HomeState()) { (state: inout HomeState, action: HomeAction) in
  ///   switch action {
  ///   case .appeared:   // both requests are in flight at once
  ///     return .merge(.task { .named(try await profile.name()) }, .task { .counted(try await profile.unread()) })
  ///   case .named(let name): state.name = name; return .none
  ///   case .counted(let unread): state.unread = unread; return .none
  ///   }
  /// }
  /// await store.send(.appeared).finish()
  /// print(store.state.name, store.state.unread)   // Ada 3
  /// ```
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// Starts every effect at once, in order. They run concurrently.
  public static func merge(_ effects: [Self]) -> Self {
    Self(.merge(effects))
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  /// Cancelling the whole stops it before the next child.
  ///
  /// ```swift
  /// actor Notes {
  ///   var all: [String] = []
  ///   func save(_ note: String) { all.append(note) }
  /// }
  /// enum NotesAction: Sendable { case save(String), saved, loaded([String]) }
  /// ```
  ///
  /// ```swift
  /// let notes = Notes()
  /// let store = Store(initialState: [String]()) { (list: inout [String], action: NotesAction) in
  ///   switch action {
  ///   case .save(let note):   // the reload starts only once the save has finished
  ///     return .concatenate(.task { await notes.save(note); return .saved }, .task { .loaded(await notes.all) })
  ///   case .saved: return .none
  ///   case .loaded(let all): list = all; return .none
  ///   }
  /// }
  /// await store.send(.save("Buy milk")).finish()
  /// print(store.state)   // ["Buy milk"]
  /// ```
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  /// Cancelling the whole stops it before the next child.
  public static func concatenate(_ effects: [Self]) -> Self {
    Self(.concatenate(effects))
  }
}
