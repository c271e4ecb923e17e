import Statecraft
import Testing

/// Sends contacts as events.
final class ContactFeed: EventStreaming, Sendable {
  enum StreamedEvent: Event {
    case added(String)
    case ignored
  }

  private let broadcast = OpenAsyncBroadcast<StreamedEvent>()
  var eventStream: any AsyncBroadcast<StreamedEvent> { broadcast.erased() }

  var observerCount: Int { broadcast.observerCount }

  func add(_ name: String) { broadcast.send(.added(name)) }
  func sendIgnored() { broadcast.send(.ignored) }
  func finish() { broadcast.finish() }
}

/// Records each effect it handles, and streams it so that a test can wait for it.
@MainActor
final class ContactList: EventReceiving {
  enum HandledEffect: Sendable, Equatable {
    case insert(String)
  }

  private(set) var names: [String] = []
  let handled: AsyncStream<HandledEffect>
  private let continuation: AsyncStream<HandledEffect>.Continuation

  init() {
    (handled, continuation) = AsyncStream.makeStream()
  }

  func handle(_ effect: HandledEffect) {
    guard case .insert(let name) = effect else { return }
    names.append(name)
    continuation.yield(effect)
  }

  nonisolated static func mapping(_ event: ContactFeed.StreamedEvent) -> HandledEffect? {
    switch event {
    case .added(let name): .insert(name)
    case .ignored: nil
    }
  }
}

struct ContactMapping: EffectMapping {
  func map(_ event: ContactFeed.StreamedEvent) async -> ContactList.HandledEffect? {
    ContactList.mapping(event)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct EventReceivingTests {
  @Test func effectsAreHandledInTheOrderTheEventsWereSent() async {
    let feed = ContactFeed()
    let list = ContactList()
    let subscription = list.receiveEvents(from: feed, effectMapping: ContactList.mapping)
    feed.add("ada")
    feed.sendIgnored()
    feed.add("alan")
    feed.finish()
    await subscription.finished()
    #expect(list.names == ["ada", "alan"])
  }

  @Test func aDiscardedSubscriptionKeepsRunning() async {
    let feed = ContactFeed()
    let list = ContactList()
    list.receiveEvents(from: feed, effectMapping: ContactMapping())
    var handled = list.handled.makeAsyncIterator()
    feed.add("ada")
    #expect(await handled.next() == .insert("ada"))
    feed.add("grace")
    #expect(await handled.next() == .insert("grace"))
  }

  /// The events are already buffered when `cancel()` runs: none of them may be mapped.
  @Test func cancellingBeforeTheLoopRunsHandlesNothingBuffered() async {
    let feed = ContactFeed()
    let list = ContactList()
    let subscription = list.receiveEvents(from: feed, effectMapping: ContactList.mapping)
    feed.add("ada")
    feed.add("alan")
    subscription.cancel()
    await subscription.finished()
    #expect(list.names.isEmpty)
    #expect(feed.observerCount == 0)
  }

  @Test func subscriptionsStoredInTheReceiversBagEndWhenItIsDeallocated() async {
    let feed = ContactFeed()
    var list: BaggedContactList? = BaggedContactList()
    weak let weakList = list
    let subscription = list!.subscribe(to: feed)
    var handled = list!.handled.makeAsyncIterator()
    feed.add("ada")
    #expect(await handled.next() == "ada")
    #expect(feed.observerCount == 1)
    list = nil
    #expect(weakList == nil)
    #expect(subscription.isCancelled)  // by the bag's deinit: no further event needed
    await subscription.finished()
    #expect(feed.observerCount == 0)
  }

  @Test(.tags(.replacedLibraryDefect))
  func aCancelledSubscriptionHandlesNothingMore() async {
    let feed = ContactFeed()
    let list = ContactList()
    let subscription = list.receiveEvents(from: feed, effectMapping: ContactList.mapping)
    feed.add("ada")
    var handled = list.handled.makeAsyncIterator()
    #expect(await handled.next() == .insert("ada"))
    subscription.cancel()
    #expect(subscription.isCancelled)
    feed.add("alan")
    await subscription.finished()
    #expect(list.names == ["ada"])
  }

  @Test func theSubscriptionEndsAfterTheReceiverIsDeallocated() async {
    let feed = ContactFeed()
    var list: ContactList? = ContactList()
    weak let weakList = list
    let subscription = list!.receiveEvents(from: feed, effectMapping: ContactList.mapping)
    list = nil
    #expect(weakList == nil)
    feed.add("ada")
    await subscription.finished()
  }

  @Test func aReceiverThatIsItsOwnMappingUsesItsMap() async {
    let feed = ContactFeed()
    let list = SelfMappingList()
    let subscription = list.receiveEvents(from: feed)
    feed.add("ada")
    feed.finish()
    await subscription.finished()
    #expect(list.names == ["ADA"])
  }

  @Test func handleAllHandlesEachEffectInOrder() async {
    let list = ContactList()
    await list.handle(all: [.insert("a"), .insert("b"), .insert("c")])
    #expect(list.names == ["a", "b", "c"])
  }
}

/// Keeps its subscriptions in a bag, so they end with it.
@MainActor
final class BaggedContactList: EventReceiving {
  private let subscriptions = EventSubscriptions()
  let handled: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() {
    (handled, continuation) = AsyncStream.makeStream()
  }

  func subscribe(to feed: ContactFeed) -> EventSubscription {
    let subscription = receiveEvents(from: feed, effectMapping: ContactList.mapping)
    subscription.store(in: subscriptions)
    return subscription
  }

  func handle(_ effect: ContactList.HandledEffect) {
    if case .insert(let name) = effect { continuation.yield(name) }
  }
}

@MainActor
final class SelfMappingList: EventReceiving, EffectMapping {
  private(set) var names: [String] = []

  func handle(_ effect: String) { names.append(effect) }

  nonisolated func map(_ event: ContactFeed.StreamedEvent) async -> String? {
    guard case .added(let name) = event else { return nil }
    return name.uppercased()
  }
}

@Suite(.timeLimit(.minutes(1))) struct EffectMappingTests {
  /// Maps `0` only after `1` has finished, so completion order is the reverse of input order.
  struct ReversingMapping: EffectMapping {
    let firstMayFinish = Gate()
    let completed = Log<Int>()

    func map(_ event: Int) async -> String? {
      if event == 0 { await firstMayFinish.wait() }
      completed.append(event)
      if event == 1 { firstMayFinish.open() }
      return event == 2 ? nil : "effect \(event)"
    }
  }

  @Test(.tags(.replacedLibraryDefect))
  func mapAllKeepsTheInputOrder() async {
    let mapping = ReversingMapping()
    let effects = await mapping.map(all: [0, 1, 2, 3])
    #expect(effects == ["effect 0", "effect 1", "effect 3"])
    let completed = mapping.completed.all
    #expect(completed.firstIndex(of: 1)! < completed.firstIndex(of: 0)!)
  }
}
