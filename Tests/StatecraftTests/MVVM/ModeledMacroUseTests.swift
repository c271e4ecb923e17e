import Statecraft
import Testing

// Only `import Statecraft`: the macros ship in the library's own product (async-state's README named a
// product, `AsyncStateMacros`, that did not exist).

struct CounterState: ObjectState {
  var count = 0
  var label = ""
}

@MainActor
protocol CounterViewModelInterface: ViewModeling where State == CounterState {
  func increment()
}

@BroadcastsState(initial: CounterState())
@MainActor
final class CounterViewModel: CounterViewModelInterface {
  typealias State = CounterState

  func increment() { _stateBroadcast.update { $0.count += 1 } }
  func relabel(_ label: String) { _stateBroadcast.update { $0.label = label } }
}

/// An actor streams its state the same way.
@BroadcastsState(initial: 0)
actor Tally {
  typealias State = Int
  func add(_ amount: Int) { _stateBroadcast.update { $0 += amount } }
}

@BroadcastsEvents
final class CounterEvents: Sendable {
  enum StreamedEvent: Event { case reset }
  func reset() { _eventBroadcast.send(.reset) }
}

/// A renderer on Linux: a plain main-actor class. It streams what it renders so tests can wait.
@Modeled(CounterState.self, CounterViewModel.self)
@MainActor
final class CounterRenderer {
  private(set) var rendered: [CounterState] = []
  let renders: AsyncStream<CounterState>
  private let continuation: AsyncStream<CounterState>.Continuation

  init(viewModel: ViewModel) {
    self.viewModel = viewModel
    (renders, continuation) = AsyncStream.makeStream()
  }

  func render(_ state: State) {
    rendered.append(state)
    continuation.yield(state)
  }
}

/// The same renderer, bound to the view model's interface.
@Modeled(CounterState.self, interface: CounterViewModelInterface.self)
@MainActor
final class CounterInterfaceRenderer {
  private(set) var rendered: [Int] = []

  init(viewModel: ViewModel) { self.viewModel = viewModel }

  func render(_ state: State) { rendered.append(state.count) }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ModeledMacroUseTests {
  @Test func theStateMacroWritesAReplayingBroadcastAndTheCurrentState() async {
    let viewModel = CounterViewModel()
    viewModel.increment()
    #expect(viewModel.currentState().count == 1)
    var states = viewModel.stateStream.observe().makeAsyncIterator()
    #expect(await states.next()?.count == 1)
    viewModel.increment()
    #expect(await states.next()?.count == 2)
  }

  @Test func anActorStreamsItsStateThroughTheMacro() async {
    let tally = Tally()
    var states = tally.stateStream.observe().makeAsyncIterator()
    await tally.add(2)
    #expect(tally.currentState() == 2)
    #expect(await states.next() == 0)
    #expect(await states.next() == 2)
  }

  /// async-state's README named a macro product, `AsyncStateMacros`, that did not exist. Here the
  /// macros need only `import Statecraft`; `Package.swift` declares no separate macro product.
  @Test("The streaming macros work with `import Statecraft` alone", .tags(.replacedLibraryDefect))
  func theEventsMacroWritesAnEventBroadcast() async {
    let events = CounterEvents()
    var stream = events.eventStream.observe().makeAsyncIterator()
    events.reset()
    #expect(await stream.next() == .reset)
    let _: any EventStreaming<CounterEvents.StreamedEvent> = events
  }

  @Test(.tags(.replacedLibraryDefect))
  func aModeledClassRendersOnLinuxAndSkipsRepeatedStates() async {
    let viewModel = CounterViewModel()
    let renderer = CounterRenderer(viewModel: viewModel)
    renderer.startObservingState()
    #expect(renderer.rendered == [CounterState()])  // rendered before returning
    var renders = renderer.renders.makeAsyncIterator()
    _ = await renders.next()
    viewModel.increment()
    #expect(await renders.next()?.count == 1)
    // The replayed initial state was not rendered a second time.
    #expect(renderer.rendered.map(\.count) == [0, 1])
  }

  @Test func stoppingObservationStopsRendering() async {
    let viewModel = CounterViewModel()
    let renderer = CounterRenderer(viewModel: viewModel)
    var renders = renderer.renders.makeAsyncIterator()
    renderer.startObservingState(renderImmediately: false)
    #expect(await renders.next()?.count == 0)  // the replayed current state
    renderer.stopObservingState()
    viewModel.increment()
    viewModel.relabel("stopped")
    renderer.startObservingState(renderImmediately: false)
    #expect(await renders.next() == CounterState(count: 1, label: "stopped"))
    viewModel.increment()
    #expect(await renders.next()?.count == 2)
    #expect(renderer.rendered.map(\.count) == [0, 1, 2])
  }

  @Test func renderCurrentStateRendersTheViewModelsStateNow() {
    let viewModel = CounterViewModel()
    let renderer = CounterInterfaceRenderer(viewModel: viewModel)
    viewModel.increment()
    renderer.renderCurrentState()
    #expect(renderer.rendered == [1])
    let _: any ModeledViewController = renderer
  }
}
