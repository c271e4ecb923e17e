import Statecraft

/// A door whose closing is a side effect the test controls.
enum Door: DSLCompatible {
  case open
  case closing(speed: Int)
  case closed
}

enum DoorEvent: DSLCompatible {
  case close(speed: Int)
  case reopen
  case locked
  case ignoredEverywhere
}

enum DoorOutput: DSLCompatible {
  case startClosing(speed: Int)
  case announce
}

let doorMachine = StateMachine(initial: Door.open) {
  When(state: Door.open) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: DoorEvent.close(speed:)) { speed in Transition(to: Door.closing(speed: speed)) }
  }
  When(state: Door.closing(speed:)) { speed in
    Execute(output: DoorOutput.startClosing(speed: speed))
  } transitions: { _ in
    On(event: DoorEvent.locked) { _ in Transition(to: Door.closed) }
    On(event: DoorEvent.reopen) { _ in Transition(to: Door.open) }
  }
  When(state: Door.closed) { _ in
    Execute(output: DoorOutput.announce)
  } transitions: { _ in
    On(event: DoorEvent.reopen) { _ in Transition(to: Door.open) }
  }
}

/// Counts events: every `increment` moves to the next count.
enum Count: DSLCompatible {
  case value(Int)
}

enum CountEvent: DSLCompatible {
  case increment
  case stay
}

let countingMachine = StateMachine(initial: Count.value(0)) {
  When(state: Count.value) { _ in
    Execute.noOutput
  } transitions: { count in
    On(event: CountEvent.increment) { _ in Transition(to: Count.value(count + 1)) }
    On(event: CountEvent.stay) { _ in Transition(to: Count.value(count)) }
  }
}

/// Counts entries; every event is distinct, so a test can tell which ran when.
enum Ledger: DSLCompatible {
  case entries(Int)
}

enum LedgerEvent: DSLCompatible, Hashable {
  case entry(sender: Int, index: Int)
}

let ledgerMachine = StateMachine(initial: Ledger.entries(0)) {
  When(state: Ledger.entries) { _ in
    Execute.noOutput
  } transitions: { count in
    On(event: LedgerEvent.entry(sender:index:)) { _ in Transition(to: Ledger.entries(count + 1)) }
  }
}

/// A custom `AsyncSequence` of events that a test steps through. Its first `next()` opens `started`
/// and waits for `release` (ignoring cancellation). It opens `delivered` when it is asked for the
/// element after the last one: by then the runtime has finished handing every element to the
/// machine.
struct GatedEvents<Element: Sendable>: AsyncSequence, Sendable {
  var elements: [Element]
  var started = Gate()
  var release: Gate?
  var delivered = Gate()

  struct AsyncIterator: AsyncIteratorProtocol {
    var remaining: [Element]
    var isFirst = true
    let events: GatedEvents

    mutating func next() async -> Element? {
      if isFirst {
        isFirst = false
        events.started.open()
        await events.release?.wait()
      }
      guard !remaining.isEmpty else {
        events.delivered.open()
        return nil
      }
      return remaining.removeFirst()
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(remaining: elements, events: self)
  }
}
