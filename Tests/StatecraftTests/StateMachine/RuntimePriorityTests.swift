import Statecraft
import Testing

/// The `priority:` of `Runtime.map`: the side effect's task runs at it.
@Suite("Runtime: side-effect priority", .timeLimit(.minutes(1)))
struct RuntimePriorityTests {
  @Test func aSideEffectRunsAtThePriorityItWasMappedWith() async {
    let seen = Log<TaskPriority>()
    let announced = Gate()
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(
        output: DoorOutput.startClosing(speed:),
        to: { (_: Int) -> DoorEvent? in
          seen.append(Task.currentPriority)
          return .locked
        },
        priority: .background
      )
      .map(
        output: .announce,
        to: { () -> DoorEvent? in
          seen.append(Task.currentPriority)
          announced.open()
          return nil
        },
        priority: .high)
    let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
    await sequence.send(.close(speed: 1), resumeWhen: .closed)
    await announced.wait()
    #expect(seen.all == [.background, .high])
  }
}
