import Observation
import Statecraft

/// async-state's contacts repository and address book, with the renames of the migration guide:
///
/// - the event broadcast is `OpenAsyncBroadcast<StreamedEvent>` (async-state's sample wrote `<State>`);
/// - `contactsRepository.receive(from:)` is `receiveEvents(from:effectMapping:)`, called on the
///   receiver, and returns a subscription;
/// - `HandledEffect` is `Sendable` (there is no `Effect` marker protocol), and the sample's invalid
///   pattern `case .addContactCell(String)` binds a value;
/// - the receiver is `Sendable`: here `@MainActor`, as a view model is.
///
/// The original left `handle` as a TODO; here it records the contact in an observable property, so
/// that tests can wait for it.
enum ContactsSample {
  final class ContactsRepository: EventStreaming {
    enum StreamedEvent: Event {
      case didAddContact(String)
    }

    // This helps with sending scope
    private let _eventBroadcast = OpenAsyncBroadcast<StreamedEvent>()
    var eventStream: any AsyncBroadcast<StreamedEvent> { _eventBroadcast }

    /// Not in the original, which never shows where events come from.
    func addContact(_ contactID: String) {
      _eventBroadcast.send(.didAddContact(contactID))
    }
  }

  @MainActor @Observable
  final class AddressBookViewModel {
    let contactsRepository = ContactsRepository()
    private(set) var contactCells: [String] = []

    func setupContactEventSubscription() {
      receiveEvents(
        from: contactsRepository
      ) { contactsRepositoryEvent in
        switch contactsRepositoryEvent {
        case .didAddContact(let contactId):
          return .addContactCell(contactId)
        }
      }
    }
  }

  struct ContactsRepositoryState: ObjectState {
    var contactIds: [String]
  }

  final class ContactRepository: StateStreaming {
    typealias State = ContactsRepositoryState

    // This helps with sending scope
    private let _stateBroadcast = OpenAsyncBroadcast<State>()
    var stateStream: any AsyncBroadcast<State> { _stateBroadcast }

    /// Not in the original.
    func publish(_ state: State) {
      _stateBroadcast.send(state)
    }
  }
}

extension ContactsSample.AddressBookViewModel: EffectHandling, EventReceiving {
  enum HandledEffect: Sendable {
    case addContactCell(String)
  }

  func handle(_ effect: HandledEffect) {
    switch effect {
    case .addContactCell(let contactId):
      contactCells.append(contactId)
    }
  }
}
