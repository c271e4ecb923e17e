import Clocks
import ConcurrencyExtras
import Statecraft

/// bpisano's StateMachine's on/off machine: two states that switch to each other after a delay, on
/// a test clock.
enum OnOffDemo {
  static let demo = Demo(
    name: "onoff",
    summary: "state objects: two states switch to each other every second, on a test clock",
    run: run
  )

  struct Context: StateMachineContext {
    var delay: Duration
    var clock: TestClock<Duration>
    var start: TestClock<Duration>.Instant

    static let defaultValue: Context = {
      let clock = TestClock()
      return Context(delay: .seconds(1), clock: clock, start: clock.now)
    }()

    /// The time since the demo started, for the printout.
    var elapsed: String {
      let elapsed = start.duration(to: clock.now)
      return "t=\(elapsed.components.seconds) s"
    }
  }

  struct OffState: StateMachineState {
    @StateTransition private var transition
    @StateContext(Context.self) private var context
    @StateLifetime private var lifetime

    func enter() async {
      print("[\(context.elapsed)] OFF")
      lifetime.task {
        try await context.clock.sleep(for: context.delay)
        await transition(to: OnState())
      }
    }

    func exit() async {
      print("[\(context.elapsed)]   leaving OFF")
    }
  }

  struct OnState: StateMachineState {
    @StateTransition private var transition
    @StateContext(Context.self) private var context
    @StateLifetime private var lifetime

    func enter() async {
      print("[\(context.elapsed)] ON")
      lifetime.task {
        try await context.clock.sleep(for: context.delay)
        await transition(to: OffState())
      }
    }

    func exit() async {
      print("[\(context.elapsed)]   leaving ON")
    }
  }

  @MainActor
  static func run() async {
    // Every task runs on the main executor in FIFO order, so the test clock's `advance` always
    // finds the states' sleeps registered and the output is the same on every run.
    await withMainSerialExecutor {
      let clock = TestClock()
      let machine = ContextualStateMachine(initialState: OffState())
        .context(Context(delay: .seconds(1), clock: clock, start: clock.now))

      print("Two states switch to each other every second. The machine runs three cycles.\n")
      await machine.start()
      for _ in 0..<6 {
        await clock.advance(by: .seconds(1))
      }
      print("\nStopping: the current state exits and its pending switch is cancelled.")
      await machine.stop()
      await clock.advance(by: .seconds(5))
      print("Done at \(machine.context.elapsed). Final state: \(type(of: machine.currentState)).")
    }
  }
}
