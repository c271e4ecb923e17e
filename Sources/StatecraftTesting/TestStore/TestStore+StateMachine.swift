public import Statecraft

extension TestStore {
  /// A test store over a running declarative machine: send it events, assert the state it moves
  /// to, and receive the events its side effects send back.
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
  /// let clock = TestClock()
  /// let runtime = Runtime<State, Event, Output>()
  ///   .map(output: Output.close(speed:)) { speed in
  ///     do { try await clock.sleep(for: .seconds(speed)) } catch { return nil }   // cancelled
  ///     return .doorHasLocked
  ///   }
  /// let store = TestStore(stateMachine: Elevator.stateMachine.starting(in: .open(persons: 3)), runtime: runtime)
  /// await store.send(.closeButtonWasPressed) { $0 = .closing(persons: 3) }
  /// await clock.advance(by: .seconds(2))   // 3 persons: speed 2
  /// await store.receive(.doorHasLocked) { $0 = .closed }
  /// ```
  public convenience init<Output: DSLCompatible>(
    stateMachine: StateMachine<State, Action, Output>, runtime: Runtime<State, Action, Output>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where State: DSLCompatible, Action: DSLCompatible {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(callSite: callSite) { executor, recorder in
      let sequence = TestStoreScope.run(executor: executor, recorder: recorder) {
        AsyncStateMachineSequence(
          stateMachine: stateMachine, runtime: runtime, fileID: fileID, filePath: filePath,
          line: line, column: column)
      }
      return TestStoreSubject(
        send: { event, callSite in
          await sequence.send(
            event, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
            column: callSite.column)
        },
        currentState: { sequence.currentState },
        action: { $0 as? Action },
        state: { $0 as? State },
        cancelEffects: { sequence.cancelAllEffects() })
    }
  }
}
