import Statecraft
import StatecraftTesting
import Testing

// The address book of the Broadcasts article, with a Linux renderer in place of the view controller.
@BroadcastsEvents
@BroadcastsState(initial: [])
final class ExampleContactsRepository: Sendable {
  typealias State = [String]
  enum StreamedEvent: Event { case didAddContact(String) }

  func add(_ name: String) {
    _stateBroadcast.update { $0.append(name) }
    _eventBroadcast.send(.didAddContact(name))
  }
}

struct ExampleAddressBookState: ObjectState { var cells: [String] = [] }

@BroadcastsState(initial: ExampleAddressBookState())
@MainActor
final class ExampleAddressBookViewModel: ViewModeling, EventReceiving {
  typealias State = ExampleAddressBookState
  enum HandledEffect: Sendable { case addContactCell(String) }

  @discardableResult
  func subscribe(to repository: ExampleContactsRepository) -> EventSubscription {
    receiveEvents(from: repository) { event in
      switch event {
      case .didAddContact(let name): .addContactCell(name)
      }
    }
  }

  func handle(_ effect: HandledEffect) {
    switch effect {
    case .addContactCell(let name): _stateBroadcast.update { $0.cells.append(name) }
    }
  }
}

@Modeled(ExampleAddressBookState.self, ExampleAddressBookViewModel.self)
@MainActor
final class ExampleAddressBookRenderer {
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
@Suite("Address book renderer", .timeLimit(.minutes(1)))
struct AddressBookRendererTests {
  @Test func eventsBecomeEffectsThenStates() async {
    let repository = ExampleContactsRepository()
    let viewModel = ExampleAddressBookViewModel()
    viewModel.subscribe(to: repository)
    let renderer = ExampleAddressBookRenderer(viewModel: viewModel)
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
