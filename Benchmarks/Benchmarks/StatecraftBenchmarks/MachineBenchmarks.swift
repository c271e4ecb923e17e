import Benchmark
import Statecraft

/// Declarative machines: matching in a 12 × 12 machine against a plain `switch`, and `send` to the
/// published state against one `AsyncStream` element.
func machineBenchmarks() {
  let gridStates = (0..<12).map { makePlainState($0, 1) }
  let gridEvents: [PlainGridEvent] = [
    .e0(1), .e1(1), .e2(1), .e3(1), .e4(1), .e5(1), .e6(1), .e7(1), .e8(1), .e9(1), .e10(1), .e11(1),
  ]
  let macroStates: [MacroGridState] = [
    .s0(1), .s1(1), .s2(1), .s3(1), .s4(1), .s5(1), .s6(1), .s7(1), .s8(1), .s9(1), .s10(1), .s11(1),
  ]
  let macroEvents: [MacroGridEvent] = [
    .e0(1), .e1(1), .e2(1), .e3(1), .e4(1), .e5(1), .e6(1), .e7(1), .e8(1), .e9(1), .e10(1), .e11(1),
  ]

  Benchmark("Baseline: plain switch reducer, 12 × 12") { benchmark in
    for index in benchmark.scaledIterations {
      blackHole(switchReducer(gridStates[index % 12], gridEvents[(index / 12) % 12]))
    }
  }
  Benchmark("StateMachine matching, 12 × 12, @DSLCompatible") { benchmark in
    for index in benchmark.scaledIterations {
      blackHole(macroGridMachine.transition(from: macroStates[index % 12], on: macroEvents[(index / 12) % 12]))
    }
  }
  // The same matching, as a running machine does it: with its own cache of the On's each When
  // built for the state it is in. With payloads that stay 0 the states recur, so the cache hits;
  // with payloads that change on every event it never does.
  let recurringEvents: [MacroGridEvent] = [
    .e0(0), .e1(0), .e2(0), .e3(0), .e4(0), .e5(0), .e6(0), .e7(0), .e8(0), .e9(0), .e10(0), .e11(0),
  ]
  Benchmark("AsyncStateMachineSequence: send through the 12 × 12 grid, recurring states") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: macroGridMachine, runtime: Runtime())
    for index in benchmark.scaledIterations {
      await sequence.send(recurringEvents[(index / 12) % 12])
    }
    blackHole(sequence.currentState)
  }
  Benchmark("AsyncStateMachineSequence: send through the 12 × 12 grid, changing payloads") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: macroGridMachine, runtime: Runtime())
    for index in benchmark.scaledIterations {
      await sequence.send(macroEvents[(index / 12) % 12])
    }
    blackHole(sequence.currentState)
  }
  Benchmark("StateMachine matching, 12 × 12, plain conformance (reflection)") { benchmark in
    for index in benchmark.scaledIterations {
      blackHole(plainGridMachine.transition(from: gridStates[index % 12], on: gridEvents[(index / 12) % 12]))
    }
  }

  Benchmark("Baseline: one AsyncStream element, yielded then received") { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    var iterator = stream.makeAsyncIterator()
    for index in benchmark.scaledIterations {
      continuation.yield(index)
      blackHole(await iterator.next())
    }
  }
  Benchmark("Baseline: AsyncStream hop to another task and back, per hop") { benchmark in
    // Ping-pong between two tasks through two streams: each iteration is two hops, so the figure
    // is halved below by counting two iterations per round trip.
    let (requests, request) = AsyncStream<Int>.makeStream()
    let (replies, reply) = AsyncStream<Int>.makeStream()
    let echo = Task {
      for await value in requests { reply.yield(value) }
      reply.finish()
    }
    var answers = replies.makeAsyncIterator()
    for index in benchmark.scaledIterations where index % 2 == 0 {
      request.yield(index)
      blackHole(await answers.next())
    }
    request.finish()
    await echo.value
  }
  Benchmark("AsyncStateMachineSequence: send to published state") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: MachineFixtures.tallyMachine, runtime: Runtime())
    for _ in benchmark.scaledIterations {
      await sequence.send(.add)
    }
    blackHole(sequence.currentState)
  }
  Benchmark("AsyncStateMachineSequence: send to published state, an inspector attached") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: MachineFixtures.tallyMachine, runtime: Runtime())
    sequence.attach(CountingInspector())
    for _ in benchmark.scaledIterations {
      await sequence.send(.add)
    }
    blackHole(sequence.currentState)
  }
  Benchmark("AsyncStateMachineSequence: send to published state, one observer") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: MachineFixtures.tallyMachine, runtime: Runtime())
    var states = sequence.makeAsyncIterator()
    for _ in benchmark.scaledIterations {
      await sequence.send(.add)
      blackHole(await states.next())
    }
  }
  asyncRoundTrip("AsyncStateMachineSequence: side-effect round trip", MachineFixtures.sideEffectRoundTrips)
}

@DSLCompatible
enum Gate {
  case open, closing, closed
}

@DSLCompatible
enum GateEvent {
  case close, locked, reopen
}

@DSLCompatible
enum GateOutput {
  case lock
}

/// One state and one event: what `send` costs apart from matching.
@DSLCompatible
enum Tally {
  case count(Int)
}

@DSLCompatible
enum TallyEvent {
  case add
}

enum MachineFixtures {
  static let tallyMachine = StateMachine(initial: Tally.count(0)) {
    When(state: Tally.count) { _ in
      Execute.noOutput
    } transitions: { count in
      On(event: TallyEvent.add) { _ in Transition(to: Tally.count(count &+ 1)) }
    }
  }

  static let gateMachine = StateMachine(initial: Gate.open) {
    When(state: Gate.open) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: GateEvent.close) { _ in Transition(to: Gate.closing) }
    }
    When(state: Gate.closing) { _ in
      Execute(output: GateOutput.lock)
    } transitions: { _ in
      On(event: GateEvent.locked) { _ in Transition(to: Gate.closed) }
    }
    When(state: Gate.closed) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: GateEvent.reopen) { _ in Transition(to: Gate.open) }
    }
  }

  /// Each iteration: an event whose state's output runs a side effect, whose event comes back.
  static func sideEffectRoundTrips(_ iterations: Range<Int>) async {
    let sequence = AsyncStateMachineSequence(
      stateMachine: gateMachine,
      runtime: Runtime().map(output: GateOutput.lock, to: { GateEvent.locked }))
    for _ in iterations {
      await sequence.send(.close, resumeWhen: .closed)
      await sequence.send(.reopen)
    }
  }
}
