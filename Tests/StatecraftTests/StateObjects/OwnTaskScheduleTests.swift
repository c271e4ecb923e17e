import Dispatch
import Statecraft
import StatecraftEngine
import Testing

/// An owner's own task (what processes a message queued while another ran) prefers the task
/// executor its owner was created under, as a test store's owners do; a main-actor owner's own
/// task then starts on that executor and hops to the main actor, where without one it starts on
/// the main actor. Nothing a user can observe differs: the same transitions, in the same order.
@MainActor
@Suite("An owner's own task, with and without a preferred executor", .timeLimit(.minutes(1)))
struct OwnTaskScheduleTests {
  /// A task executor of the test's own, as a test store has one.
  final class QueueExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "statecraft.tests.queue-executor")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  /// A's `enter()` asks for B, which is queued and processed in the machine's own task.
  func transitions(preferring executor: (any TaskExecutor)?) async -> [String] {
    let log = Log<String>()
    let b = Step(name: "B", log: log)
    let a = Step(name: "A", log: log, onEnter: { transition, _ in await transition(to: b) })
    let machine = EffectExecutor.$preferred.withValue(executor) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await machine.stop()
    return log.all
  }

  @Test func aMainActorOwnersOwnTaskRunsTheSameTransitionsWithAPreferredExecutor() async {
    let production = await transitions(preferring: nil)
    let preferring = await transitions(preferring: QueueExecutor())
    #expect(production == ["A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends", "B exit"])
    #expect(preferring == production)
  }
}
