import Clocks
import Statecraft
import StatecraftTesting
import Testing

/// Building a chart: control flow in the builders, charts generated from data, string ids and
/// events, and invocations that stream events or fail.
@Suite("Statechart: definitions", .timeLimit(.minutes(1)))
struct ChartDefinitionTests {
  /// A menu read from data: a tree of items, built by a recursive function.
  struct Item: Sendable {
    let name: String
    var children: [Item] = []
  }

  static func node(_ item: Item, parent: String?) -> StateNode<String, String, EmptyChartContext> {
    StateNode(item.name) {
      for child in item.children { node(child, parent: item.name) }
      if let parent { OnEvent(descriptor: "back", target: parent) }
      for child in item.children { OnEvent(descriptor: "open.\(child.name)", target: child.name) }
    }
  }

  @Test func aChartBuiltRecursivelyFromData() {
    let menu = Item(
      name: "menu",
      children: [
        Item(name: "settings", children: [Item(name: "sound"), Item(name: "display")]),
        Item(name: "help"),
      ])
    let chart = Statechart<String, String, EmptyChartContext>("menu", initial: "menu") {
      Self.node(menu, parent: nil)
    }
    #expect(chart.validate().isEmpty)
    #expect(chart.states == ["menu", "settings", "sound", "display", "help"])
    var snapshot = chart.initialTransition().snapshot
    #expect(snapshot.configuration == ["menu", "settings", "sound"])
    snapshot = chart.transition(from: snapshot, on: "open.help").snapshot
    #expect(snapshot.configuration == ["menu", "help"])
    snapshot = chart.transition(from: snapshot, on: "back").snapshot
    #expect(snapshot.configuration == ["menu", "settings", "sound"])
  }

  enum Mode: Sendable { case simple, advanced }

  static func chart(mode: Mode, extras: Bool) -> Statechart<String, String, EmptyChartContext> {
    Statechart("modes", initial: "home") {
      StateNode("home") {
        switch mode {
        case .simple: OnEvent(descriptor: "go", target: "basic")
        case .advanced: OnEvent(descriptor: "go", target: "expert")
        }
        if extras {
          OnEvent(descriptor: "extra", target: "bonus")
        } else {
          OnEvent(descriptor: "extra", target: "home")
        }
      }
      StateNode("basic")
      StateNode("expert")
      StateNode("bonus")
    }
  }

  @Test func switchAndIfElseChooseTransitions() {
    let simple = Self.chart(mode: .simple, extras: false)
    let advanced = Self.chart(mode: .advanced, extras: true)
    let start = simple.initialTransition().snapshot
    #expect(simple.transition(from: start, on: "go").snapshot.configuration == ["basic"])
    #expect(
      advanced.transition(from: advanced.initialTransition().snapshot, on: "go").snapshot.configuration == ["expert"])
    #expect(
      advanced.transition(from: advanced.initialTransition().snapshot, on: "extra").snapshot.configuration == ["bonus"])
    #expect(simple.transition(from: start, on: "extra").snapshot.configuration == ["home"])
  }

  enum Feed: Hashable, Sendable { case idle, listening, failed, done }
  enum FeedEvent: Hashable, Sendable { case listen, item(Int), broken, finished }
  struct Items: Hashable, Sendable { var items: [Int] = [] }
  struct Broken: Error {}

  static func feed(_ items: AsyncThrowingStream<FeedEvent, any Error>) -> Statechart<Feed, FeedEvent, Items> {
    Statechart(initial: .idle, context: Items()) {
      StateNode(.idle) { OnEvent(.listen, target: .listening) }
      StateNode(.listening) {
        Invoke("feed", events: { _ in items }, onDone: .finished, onError: { _ in .broken })
        OnEvent(
          where: { if case .item = $0 { true } else { false } },
          actions: [
            .assign { items, event in if case .item(let value) = event { items.items.append(value) } }
          ])
        OnEvent(.finished, target: .done)
        OnEvent(.broken, target: .failed)
      }
      StateNode(.failed)
      StateNode(final: .done)
    }
  }

  @Test func anInvokedSequenceSendsItsEventsThenItsDoneEvent() async {
    let (items, continuation) = AsyncThrowingStream<FeedEvent, any Error>.makeStream()
    let feed = AsyncStatechartSequence(Self.feed(items), clock: TestClock())
    var snapshots = feed.makeAsyncIterator()
    await feed.send(.listen)
    continuation.yield(.item(1))
    continuation.yield(.item(2))
    continuation.finish()
    var last: ChartSnapshot<Feed, FeedEvent, Items>?
    while let snapshot = await snapshots.next() { last = snapshot }
    #expect(last?.isIn(.done) == true)
    #expect(last?.context.items == [1, 2])
  }

  @Test func anInvocationThatThrowsSendsItsErrorEvent() async {
    let (items, continuation) = AsyncThrowingStream<FeedEvent, any Error>.makeStream()
    let feed = AsyncStatechartSequence(Self.feed(items), clock: TestClock())
    var snapshots = feed.makeAsyncIterator()
    await feed.send(.listen)
    continuation.yield(.item(7))
    continuation.finish(throwing: Broken())
    while let snapshot = await snapshots.next(), !snapshot.isIn(.failed) {}
    #expect(feed.snapshot.context.items == [7])
  }

  @Test func anInvocationThatThrowsWithoutAnErrorEventIsReportedAtItsLine() async {
    let recorder = DiagnosticRecorder()
    let line = #line + 4
    let chart = Statechart<Feed, FeedEvent, Items>(initial: .idle, context: Items()) {
      StateNode(.idle) { OnEvent(.listen, target: .listening) }
      StateNode(.listening) {
        Invoke("load", run: { _ in throw Broken() })
      }
    }
    let running = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(chart, clock: TestClock())
    }
    await running.send(.listen)
    await running.waitUntilIdle()
    #expect(recorder.kinds == [.effectFailed])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }

  @Test func guardsReadTheContextTheEventAndTheActiveStates() {
    struct Count: Hashable, Sendable { var value = 0 }
    let chart = Statechart<String, String, Count>(initialStates: ["a.on", "b.off"], context: Count()) {
      StateNode(parallel: "p") {
        StateNode("a") {
          StateNode("a.on") {
            OnEvent(
              descriptor: "tick", guard: { $0.isIn("b.on") && $0.event == "tick" },
              actions: [.assign { $0.value += 1 }])
          }
        }
        StateNode("b") {
          StateNode("b.off") { OnEvent(descriptor: "flip", target: "b.on") }
          StateNode("b.on")
        }
      }
    }
    var snapshot = chart.initialTransition().snapshot
    #expect(!chart.transition(from: snapshot, on: "tick").handled)
    snapshot = chart.transition(from: snapshot, on: "flip").snapshot
    snapshot = chart.transition(from: snapshot, on: "tick").snapshot
    #expect(snapshot.context.value == 1)
  }
}
