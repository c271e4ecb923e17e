public import Statecraft

extension TestStore {
  /// A test store over a running declarative machine: send it events, assert the state it moves
  /// to, and receive the events its side effects send back.
  ///
  /// ```swift
  /// let store = TestStore(stateMachine: elevator, runtime: runtime)
  /// await store.send(.closeButtonWasPressed) { $0 = .closing(persons: 3) }
  /// await clock.advance(by: .seconds(1))
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
