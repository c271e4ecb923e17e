import Statecraft

// The features the composition tests put together: a child that counts and listens to a feed,
// presented as an optional child, as rows, as an enum case and as stack screens. Declared at file
// scope: `@CaseRoutable` adds an extension.

/// Values a test feeds to the child effects that listen, one stream per listener.
@MainActor
final class Feed {
  private var latest: AsyncStream<Int>.Continuation?
  /// How many listeners have started.
  private(set) var started = 0
  private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

  func stream() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    latest = continuation
    started += 1
    if let waiter, started >= waiter.count {
      self.waiter = nil
      waiter.continuation.resume()
    }
    return stream
  }

  /// Returns once `count` listeners have started: waits on their effects, not on time.
  func waitUntilStarted(_ count: Int) async {
    guard started < count else { return }
    await withCheckedContinuation { waiter = (count, $0) }
  }

  /// Sends `value` to the listener that started last.
  func yield(_ value: Int) {
    latest?.yield(value)
  }
}

struct Counter: Equatable, Identifiable, Sendable {
  var id: Int
  var count = 0
}

@CaseRoutable
enum CounterAction: Sendable, Equatable {
  case increment
  /// Starts an effect that sends `received` for each value fed, until cancelled.
  case listen
  case received(Int)
  /// Asks the parent to end this child.
  case close
}

@MainActor
func counterReducer(_ feed: Feed) -> Reduce<Counter, CounterAction> {
  Reduce { state, action in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .listen:
      return .run { send in
        for await value in await feed.stream() { await send(.received(value)) }
      }
    case .received(let value):
      state.count += value
      return .none
    case .close:
      return .none
    }
  }
}

@CaseRoutable
enum Destination: Equatable, Sendable {
  case edit(Counter)
  case other(Int)
}

@CaseRoutable
enum DestinationAction: Sendable, Equatable {
  case edit(CounterAction)
}

struct Parent: Equatable {
  var detail: Counter?
  var rows: IdentifiedArrayOf<Counter> = []
  var destination: Destination = .other(0)
  var path = StackState<Counter>()
  var profile = Counter(id: -1)
}

@CaseRoutable
enum ParentAction: Sendable, Equatable {
  case present(Int)
  case dismiss
  case detail(CounterAction)
  case addRow(Int)
  case removeRow(Int)
  case rows(IdentifiedAction<Int, CounterAction>)
  case showEdit(Int)
  case showOther
  case destination(DestinationAction)
  case path(StackAction<Counter, CounterAction>)
  case profile(CounterAction)
}

@MainActor
func parentReducer(_ feed: Feed) -> Reduce<Parent, ParentAction> {
  Reduce<Parent, ParentAction> { state, action in
    switch action {
    case .present(let id):
      state.detail = Counter(id: id)
    case .dismiss, .detail(.close):
      state.detail = nil
    case .addRow(let id):
      state.rows.append(Counter(id: id))
    case .removeRow(let id), .rows(.element(let id, .close)):
      state.rows.remove(id: id)
    case .showEdit(let id):
      state.destination = .edit(Counter(id: id))
    case .showOther, .destination(.edit(.close)):
      state.destination = .other(0)
    case .path(.element(let id, .close)):
      state.path.pop(from: id)
    case .detail, .rows, .destination, .path, .profile:
      break
    }
    return .none
  }
  .scope(state: \.profile, action: \.profile) { counterReducer(feed) }
  .ifLet(\.detail, action: \.detail) { counterReducer(feed) }
  .forEach(\.rows, action: \.rows) { counterReducer(feed) }
  .scope(state: \.destination, action: \.destination) {
    Reduce<Destination, DestinationAction>.empty
      .ifCaseLet(\.edit, action: \.edit) { counterReducer(feed) }
  }
  .forEach(\.path, action: \.path) { counterReducer(feed) }
}
