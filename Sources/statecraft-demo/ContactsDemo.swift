import Statecraft

/// async-state's contacts repository and address book: the repository broadcasts events, the view
/// model maps them to effects and publishes its state, and a text renderer shows each state.
enum ContactsDemo {
  static let demo = Demo(
    name: "contacts",
    summary: "broadcasts and MVVM: a repository's events update an address book and its renderer",
    run: run
  )

  /// Owns the contacts and tells the world when one is added or removed.
  @BroadcastsEvents
  @BroadcastsState(initial: [])
  final class ContactsRepository: Sendable {
    typealias State = [String]

    enum StreamedEvent: Event, CustomStringConvertible {
      case didAddContact(String)
      case didRemoveContact(String)

      var description: String {
        switch self {
        case .didAddContact(let name): "didAddContact(\(name))"
        case .didRemoveContact(let name): "didRemoveContact(\(name))"
        }
      }
    }

    func add(_ name: String) {
      _stateBroadcast.update { $0.append(name) }
      _eventBroadcast.send(.didAddContact(name))
    }

    func remove(_ name: String) {
      _stateBroadcast.update { $0.removeAll { $0 == name } }
      _eventBroadcast.send(.didRemoveContact(name))
    }
  }

  struct AddressBookState: ObjectState {
    var cells: [String] = []
    var lastChange = "empty"
  }

  /// Keeps the address book's cells in step with the repository's events.
  @BroadcastsState(initial: AddressBookState())
  @MainActor
  final class AddressBookViewModel: ViewModeling, EventReceiving {
    typealias State = AddressBookState

    enum HandledEffect: Sendable, CustomStringConvertible {
      case addContactCell(String)
      case removeContactCell(String)

      var description: String {
        switch self {
        case .addContactCell(let name): "addContactCell(\(name))"
        case .removeContactCell(let name): "removeContactCell(\(name))"
        }
      }
    }

    private(set) var subscription: EventSubscription?

    func subscribe(to repository: ContactsRepository) {
      subscription = receiveEvents(from: repository) { event in
        let effect: HandledEffect =
          switch event {
          case .didAddContact(let name): .addContactCell(name)
          case .didRemoveContact(let name): .removeContactCell(name)
          }
        print("  event   \(event)  ->  effect \(effect)")
        return effect
      }
    }

    func handle(_ effect: HandledEffect) {
      _stateBroadcast.update { state in
        switch effect {
        case .addContactCell(let name): state.cells.append(name)
        case .removeContactCell(let name): state.cells.removeAll { $0 == name }
        }
        state.lastChange = effect.description
      }
    }
  }

  /// What a view controller would be on iOS: here it prints each state it renders.
  @Modeled(AddressBookState.self, AddressBookViewModel.self)
  @MainActor
  final class AddressBookRenderer {
    let renders: AsyncStream<Void>
    private let rendered: AsyncStream<Void>.Continuation

    init(viewModel: ViewModel) {
      self.viewModel = viewModel
      (renders, rendered) = AsyncStream.makeStream()
    }

    func render(_ state: State) {
      let cells = state.cells.isEmpty ? "(no contacts)" : state.cells.joined(separator: ", ")
      print("  render  [\(cells)]  after \(state.lastChange)")
      rendered.yield()
    }
  }

  @MainActor
  static func run() async {
    var repository: ContactsRepository? = ContactsRepository()
    let viewModel = AddressBookViewModel()
    viewModel.subscribe(to: repository!)
    let renderer = AddressBookRenderer(viewModel: viewModel)
    var renders = renderer.renders.makeAsyncIterator()

    print("The renderer starts observing and renders the current state at once:")
    renderer.startObservingState()
    _ = await renders.next()

    print("\nThe repository adds and removes contacts. Each event becomes an effect, then a render:")
    for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] {
      repository!.add(name)
      _ = await renders.next()
    }
    repository!.remove("Alan Turing")
    _ = await renders.next()
    print("  repository state: \(repository!.currentState())")

    print("\nReleasing the repository finishes its broadcasts, which ends the subscription.")
    repository = nil
    await viewModel.subscription?.finished()
    renderer.stopObservingState()
    print("  subscription ended; the address book keeps \(viewModel.currentState().cells.count) cells.")
  }
}
