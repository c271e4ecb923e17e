import Statecraft
import StatecraftTesting
import Testing

// The README's "Broadcasts and MVVM" example, with a Linux renderer in place of the view controller.
@BroadcastsEvents
@BroadcastsState(initial: [])
final class ReadmeContactsRepository: Sendable {
  typealias State = [String]
  enum StreamedEvent: Event { case didAddContact(String) }

  func add(_ name: String) {
    _stateBroadcast.update { $0.append(name) }
    _eventBroadcast.send(.didAddContact(name))
  }
}

struct ReadmeAddressBookState: ObjectState { var cells: [String] = [] }

@BroadcastsState(initial: ReadmeAddressBookState())
@MainActor
final class ReadmeAddressBookViewModel: ViewModeling, EventReceiving {
  typealias State = ReadmeAddressBookState
  enum HandledEffect: Sendable { case addContactCell(String) }

  @discardableResult
  func subscribe(to repository: ReadmeContactsRepository) -> EventSubscription {
    receiveEvents(from: repository) { event in
      switch event { case .didAddContact(let name): .addContactCell(name) }
    }
  }

  func handle(_ effect: HandledEffect) {
    switch effect {
    case .addContactCell(let name): _stateBroadcast.update { $0.cells.append(name) }
    }
  }
}

@Modeled(ReadmeAddressBookState.self, ReadmeAddressBookViewModel.self)
@MainActor
final class ReadmeAddressBookRenderer {
  private(set) var rendered: [[String]] = []
  let renders: AsyncStream<[String]>
  private let continuation: AsyncStream<[String]>.Continuation

  init(viewModel: ViewModel) {
    self.viewModel = viewModel
    (renders, continuation) = AsyncStream.makeStream()
  }

  func render(_ state: State) {
    rendered.append(state.cells)
    continuation.yield(state.cells)
  }
}

@MainActor
@Suite("README streaming example", .timeLimit(.minutes(1)))
struct ReadmeStreamingExampleTests {
  @Test func eventsBecomeEffectsThenStates() async {
    let repository = ReadmeContactsRepository()
    let viewModel = ReadmeAddressBookViewModel()
    viewModel.subscribe(to: repository)
    let renderer = ReadmeAddressBookRenderer(viewModel: viewModel)
    renderer.startObservingState()
    var states = viewModel.stateStream.observe().makeAsyncIterator()
    repository.add("Ada")
    repository.add("Alan")
    #expect(await states.next()?.cells == [])
    #expect(await states.next()?.cells == ["Ada"])
    #expect(await states.next()?.cells == ["Ada", "Alan"])
    #expect(repository.currentState() == ["Ada", "Alan"])
    var renders = renderer.renders.makeAsyncIterator()
    while let cells = await renders.next(), cells != ["Ada", "Alan"] {}
    // Each state rendered once, in order (the replayed initial state is skipped as a repeat).
    #expect(renderer.rendered == [[], ["Ada"], ["Ada", "Alan"]])
  }
}
