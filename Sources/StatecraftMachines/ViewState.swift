public import Observation

/// A running machine for a user interface: an observable `state` on the main actor, and bindings.
///
/// ```swift
/// enum State: DSLCompatible { case open(persons: Int), closing(persons: Int), closed }
/// enum Event: DSLCompatible { case personsHaveEntered(persons: Int), closeButtonWasPressed, doorHasLocked }
/// enum Output: DSLCompatible { case close(speed: Int) }
///
/// enum Elevator {
///   static let stateMachine = StateMachine(initial: State.open(persons: 0)) {
///     When(state: State.open(persons:)) { _ in
///       Execute.noOutput
///     } transitions: { persons in
///       On(event: Event.personsHaveEntered(persons:)) { newPersons in
///         Transition(to: State.open(persons: persons + newPersons))
///       }
///       On(event: Event.closeButtonWasPressed) { _ in
///         Guard(predicate: persons < 10)
///       } transition: { _ in
///         Transition(to: State.closing(persons: persons))
///       }
///     }
///     When(state: State.closing(persons:)) { persons in
///       Execute(output: Output.close(speed: persons > 5 ? 1 : 2))
///     } transitions: { _ in
///       On(event: Event.doorHasLocked) { _ in Transition(to: State.closed) }
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: Runtime())
/// let viewState = ViewState(sequence)
/// let following = Task { await viewState.start() }   // follows the machine until cancelled
/// await viewState.send(.personsHaveEntered(persons: 2))
/// print(sequence.currentState)   // open(persons: 2); viewState.state follows once start() gets it
/// following.cancel()
/// ```
///
/// In SwiftUI:
///
/// ```swift
/// import SwiftUI
///
/// struct ElevatorView: View {
///   let viewState: ViewState<State, Event, Output>
///
///   var body: some View {
///     VStack {
///       Text("\(viewState.state)")
///       Button("Close") { Task { await viewState.send(.closeButtonWasPressed) } }
///     }
///     .task { await viewState.start() }
///   }
/// }
/// ```
///
/// `state` follows the machine while ``start()`` runs. No Combine: observe it with SwiftUI or
/// `withObservationTracking`.
@MainActor
public final class ViewState<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Observable {
  private let sequence: AsyncStateMachineSequence<S, E, O>
  private var published: S
  /// Values written through bindings, shown until the machine publishes its next state.
  private var pendingWrites: [AnyKeyPath: Any] = [:]
  private let registrar = ObservationRegistrar()

  /// Wraps a running machine.
  public init(_ sequence: AsyncStateMachineSequence<S, E, O>) {
    self.sequence = sequence
    self.published = sequence.currentState
  }

  /// The machine's state, as of the last state ``start()`` received.
  public var state: S {
    registrar.access(self, keyPath: \.state)
    return published
  }

  /// Follows the machine's states until the calling task is cancelled. Call it from SwiftUI's
  /// `.task { await viewState.start() }`, or from a task a view controller owns.
  public func start() async {
    for await state in sequence {
      registrar.withMutation(of: self, keyPath: \.state) {
        published = state
        pendingWrites = [:]
      }
    }
  }

  /// Sends an event, and returns once the machine has processed it. An event that no transition
  /// handles is reported at the line of this call.
  public func send(
    _ event: E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in a state that `predicate` accepts.
  @preconcurrency public func send(
    _ event: E, resumeWhen predicate: @escaping @Sendable (S) -> Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, resumeWhen: predicate, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in a state equal to `state`.
  public func send(
    _ event: E, resumeWhen state: S,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, resumeWhen: state, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in a state of the case `state` builds.
  @preconcurrency public func send<Payload>(
    _ event: E, resumeWhen state: @escaping @Sendable (Payload) -> S,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, resumeWhen: state, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in any state of `states`.
  public func send(
    _ event: E, resumeWhen states: OneOf<S>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await sequence.send(event, resumeWhen: states, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A binding on the whole state that sends `event` when written. It shows the written value at
  /// once, until the machine publishes its next state. An event that no transition handles is
  /// reported at the line that made the binding.
  public func binding(
    send event: E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StateBinding<S> {
    binding(
      keypath: \S.self, send: { _ in event },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A binding on the whole state that sends the event `event` makes of the written value.
  ///
  /// ```swift
  /// enum Light: DSLCompatible { case on, off }
  /// enum LightEvent: DSLCompatible { case switchOn, switchOff }
  /// ```
  ///
  /// ```swift
  /// let light = StateMachine(initial: Light.off) {
  ///   When(states: OneOf { Light.on; Light.off }) { _ in Execute.noOutput } transitions: { _ in
  ///     On(event: LightEvent.switchOn) { _ in Transition(to: Light.on) }
  ///     On(event: LightEvent.switchOff) { _ in Transition(to: Light.off) }
  ///   }
  /// }
  /// let viewState = ViewState(AsyncStateMachineSequence(stateMachine: light, runtime: Runtime()))
  /// let lightBinding = viewState.binding(send: { $0 == .on ? .switchOn : .switchOff })
  /// lightBinding.wrappedValue = .on   // shows .on at once, and sends .switchOn
  /// ```
  ///
  /// In SwiftUI, `Binding(lightBinding)` hands it to a control, such as a `Picker` of the two states.
  public func binding(
    send event: @escaping @MainActor (S) -> E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StateBinding<S> {
    binding(
      keypath: \S.self, send: event,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A binding on a property of the state that sends `event` when written. It shows the written
  /// value at once, until the machine publishes its next state.
  public func binding<Value>(
    keypath: KeyPath<S, Value>, send event: E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StateBinding<Value> {
    binding(
      keypath: keypath, send: { _ in event },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A binding on a property of the state that sends the event `event` makes of the written value.
  public func binding<Value>(
    keypath: KeyPath<S, Value>, send event: @escaping @MainActor (Value) -> E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StateBinding<Value> {
    StateBinding(
      get: { [self] in
        (pendingWrites[keypath] as? Value) ?? state[keyPath: keypath]
      },
      set: { [self] newValue in
        registrar.withMutation(of: self, keyPath: \.state) { pendingWrites[keypath] = newValue }
        let event = event(newValue)
        Task {
          await self.send(event, fileID: fileID, filePath: filePath, line: line, column: column)
        }
      })
  }
}
