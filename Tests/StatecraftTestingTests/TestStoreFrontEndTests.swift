import Clocks
import Statecraft
import StatecraftTesting
import Testing

/// The test store over a running statechart and a running declarative machine.
@MainActor
@Suite("TestStore: statecharts and machines", .timeLimit(.minutes(1)))
struct TestStoreFrontEndTests {
  enum Player: Hashable, Sendable { case off, active, playing, paused, loading, ready, ended }
  enum Control: Hashable, Sendable {
    case powerOn, pause, play, load, loaded(Int), ping, pong, later, stop
  }
  struct Settings: Hashable, Sendable { var pings = 0; var tracks = 0 }

  static let player = Statechart<Player, Control, Settings>(initial: .off, context: Settings()) {
    StateNode(.off) {
      OnEvent(.powerOn, target: .active)
      OnEvent(.ping, actions: [.raise(.pong), .send(.later, delay: .seconds(5))])
      OnEvent(.pong, actions: [.assign { $0.pings += 1 }])
      OnEvent(.later, actions: [.assign { $0.pings += 10 }])
    }
    StateNode(.active, initial: .playing) {
      StateNode(.playing) {
        OnEvent(.pause, target: .paused)
        After(.seconds(30), target: .paused)
      }
      StateNode(.paused) {
        OnEvent(.play, target: .playing)
        OnEvent(.load, target: .loading)
      }
      StateNode(.loading) {
        Invoke("tracks", run: { _ in .loaded(12) })
        OnEvent(
          where: { if case .loaded = $0 { true } else { false } }, target: .ready,
          actions: [
            .assign { settings, event in if case .loaded(let count) = event { settings.tracks = count } }
          ])
      }
      StateNode(.ready)
      OnEvent(.stop, target: .ended)
    }
    StateNode(final: .ended)
  }

  @Test func aChartsConfigurationAndContextAndWhatItRaisesSendsItselfAndInvokes() async {
    let clock = TestClock()
    let store = TestStore(chart: Self.player, clock: clock)
    // A chart's state is asserted per macrostep: the raised `pong` is part of `ping`'s.
    await store.send(.ping) { $0.context.pings = 1 }
    await store.receive(.pong)
    await clock.advance(by: .seconds(5))
    await store.receive(.later) { $0.context.pings = 11 }
    await store.send(.powerOn) { $0.configuration = [.active, .playing] }
    await clock.advance(by: .seconds(30))
    await store.receiveStateChange { $0.configuration = [.active, .paused] }
    await store.send(.load) { $0.configuration = [.active, .loading] }
    await store.receive(.loaded(12)) {
      $0.configuration = [.active, .ready]
      $0.context.tracks = 12
    }
    await store.send(.stop) { $0.configuration = [.ended] }
    await store.finish()
  }

  @DSLCompatible enum Door { case open, closing, closed }
  @DSLCompatible enum DoorEvent { case close, locked }
  @DSLCompatible enum DoorOutput { case lock }

  static let door = StateMachine(initial: Door.open) {
    When(state: Door.open) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: DoorEvent.close) { _ in Transition(to: Door.closing) }
    }
    When(state: Door.closing) { _ in
      Execute(output: DoorOutput.lock)
    } transitions: { _ in
      On(event: DoorEvent.locked) { _ in Transition(to: Door.closed) }
    }
  }

  @Test func aMachineAndTheEventsItsSideEffectsSendBack() async {
    let clock = TestClock()
    let runtime = Runtime<Door, DoorEvent, DoorOutput>().map(
      output: DoorOutput.lock,
      to: {
        try? await clock.sleep(for: .seconds(1))
        return DoorEvent.locked
      })
    let store = TestStore(stateMachine: Self.door, runtime: runtime)
    await store.send(.close) { $0 = .closing }
    await clock.advance(by: .seconds(1))
    await store.receive(.locked) { $0 = .closed }
    await store.finish()
  }

  /// A middleware with a priority runs in a task of its own, which prefers the test store's
  /// executor: the store waits for it, and sees the transition the event makes after it. (Were
  /// that task on the global executor, the store would stop waiting while the middleware of the
  /// event the side effect sends back still runs, and receive `.locked` without its change.)
  @Test func anEventMiddlewareWithAPriorityIsWaitedFor() async {
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(output: DoorOutput.lock, to: { DoorEvent.locked })
      .register(
        middleware: { (event: DoorEvent) in
          guard event == .locked else { return }
          for _ in 0..<10_000 { await Task.yield() }
        }, priority: .high)
    let store = TestStore(stateMachine: Self.door, runtime: runtime)
    await store.send(.close) { $0 = .closing }
    await store.receive(.locked) { $0 = .closed }
    await store.finish()
  }
}
