import MacroTesting
import StatecraftMacros
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    [
      "Modeled": MacroSpec(type: ModeledMacro.self, conformances: ["ModeledViewController"]),
      "BroadcastsState": MacroSpec(
        type: BroadcastsStateMacro.self, conformances: ["StateStreaming", "Stateful"]),
      "BroadcastsEvents": MacroSpec(
        type: BroadcastsEventsMacro.self, conformances: ["EventStreaming"]),
    ],
    record: .missing))
struct StreamingMacroTests {
  @Test func modeledWithAViewModelType() {
    assertMacro {
      """
      @Modeled(AddressBookState.self, AddressBookViewModel.self)
      final class AddressBookViewController: UIViewController {
        func render(_ state: State) {}
      }
      """
    } expansion: {
      """
      final class AddressBookViewController: UIViewController {
        func render(_ state: State) {}

        typealias State = AddressBookState

        typealias ViewModel = AddressBookViewModel

        let viewModel: ViewModel

        private let _stateObservation = Statecraft.StateObservation()

        @MainActor func startObservingState(renderImmediately: Bool = true) {
          let current = renderImmediately ? viewModel.currentState() : nil
          _stateObservation.start(observing: viewModel.stateStream.observe(), current: current) {
            [weak self] state in
            self?.render(state)
          }
        }

        @MainActor func stopObservingState() {
          _stateObservation.stop()
        }

        @MainActor func renderCurrentState() {
          render(viewModel.currentState())
        }
      }

      extension AddressBookViewController: ModeledViewController {
      }
      """
    }
  }

  @Test func modeledWithAnInterfaceOnAPublicClass() {
    assertMacro {
      """
      @Modeled(AddressBookState.self, interface: AddressBookViewModeling.self)
      public final class AddressBookRenderer {
        public func render(_ state: State) {}
      }
      """
    } expansion: {
      """
      public final class AddressBookRenderer {
        public func render(_ state: State) {}

        public typealias State = AddressBookState

        public typealias ViewModel = any AddressBookViewModeling

        public let viewModel: ViewModel

        private let _stateObservation = Statecraft.StateObservation()

        @MainActor public func startObservingState(renderImmediately: Bool = true) {
          let current = renderImmediately ? viewModel.currentState() : nil
          _stateObservation.start(observing: viewModel.stateStream.observe(), current: current) {
            [weak self] state in
            self?.render(state)
          }
        }

        @MainActor public func stopObservingState() {
          _stateObservation.stop()
        }

        @MainActor public func renderCurrentState() {
          render(viewModel.currentState())
        }
      }

      extension AddressBookRenderer: ModeledViewController {
      }
      """
    }
  }

  @Test func modeledOnAStructIsAnError() {
    assertMacro {
      """
      @Modeled(AddressBookState.self, AddressBookViewModel.self)
      struct AddressBookView {}
      """
    } diagnostics: {
      """
      @Modeled(AddressBookState.self, AddressBookViewModel.self)
      ┬─────────────────────────────────────────────────────────
      ╰─ 🛑 @Modeled applies to classes: a renderer is an object that its view model's stream updates
      struct AddressBookView {}
      """
    }
  }

  @Test func modeledWithAValueInsteadOfATypeIsAnError() {
    assertMacro {
      """
      @Modeled(AddressBookState(), AddressBookViewModel.self)
      final class AddressBookViewController {}
      """
    } diagnostics: {
      """
      @Modeled(AddressBookState(), AddressBookViewModel.self)
               ┬─────────────────
               ╰─ 🛑 @Modeled expects a type for its state argument, written like `AddressBookState.self`
      final class AddressBookViewController {}
      """
    }
  }

  @Test func broadcastsStateOnAMainActorClass() {
    assertMacro {
      """
      @BroadcastsState(initial: ContactsState(contactIDs: []))
      @MainActor
      final class ContactsRepository {
        typealias State = ContactsState
      }
      """
    } expansion: {
      """
      @MainActor
      final class ContactsRepository {
        typealias State = ContactsState

        private let _stateBroadcast = Statecraft.StateBroadcast<State>(ContactsState(contactIDs: []))

        nonisolated var stateStream: any Statecraft.AsyncBroadcast<State> {
          _stateBroadcast.erased()
        }

        nonisolated func currentState() -> State {
          _stateBroadcast.current
        }
      }

      extension ContactsRepository: StateStreaming, Stateful {
      }
      """
    }
  }

  @Test func broadcastsStateOnAPublicActor() {
    assertMacro {
      """
      @BroadcastsState(initial: .init())
      public actor ContactsRepository {
        public typealias State = ContactsState
      }
      """
    } expansion: {
      """
      public actor ContactsRepository {
        public typealias State = ContactsState

        private let _stateBroadcast = Statecraft.StateBroadcast<State>(.init())

        public nonisolated var stateStream: any Statecraft.AsyncBroadcast<State> {
          _stateBroadcast.erased()
        }

        public nonisolated func currentState() -> State {
          _stateBroadcast.current
        }
      }

      extension ContactsRepository: StateStreaming, Stateful {
      }
      """
    }
  }

  @Test func broadcastsStateOnAnEnumIsAnError() {
    assertMacro {
      """
      @BroadcastsState(initial: 0)
      enum Counter {}
      """
    } diagnostics: {
      """
      @BroadcastsState(initial: 0)
      ┬───────────────────────────
      ╰─ 🛑 @BroadcastsState applies to classes and actors: a broadcast is shared by reference
      enum Counter {}
      """
    }
  }

  @Test func broadcastsEvents() {
    assertMacro {
      """
      @BroadcastsEvents
      final class ContactsRepository: Sendable {
        enum StreamedEvent: Event {
          case didAddContact(String)
        }
      }
      """
    } expansion: {
      """
      final class ContactsRepository: Sendable {
        enum StreamedEvent: Event {
          case didAddContact(String)
        }

        private let _eventBroadcast = Statecraft.OpenAsyncBroadcast<StreamedEvent>()

        nonisolated var eventStream: any Statecraft.AsyncBroadcast<StreamedEvent> {
          _eventBroadcast.erased()
        }
      }

      extension ContactsRepository: EventStreaming {
      }
      """
    }
  }

  @Test func broadcastsEventsOnAStructIsAnError() {
    assertMacro {
      """
      @BroadcastsEvents
      struct ContactsRepository {}
      """
    } diagnostics: {
      """
      @BroadcastsEvents
      ┬────────────────
      ╰─ 🛑 @BroadcastsEvents applies to classes and actors: a broadcast is shared by reference
      struct ContactsRepository {}
      """
    }
  }
}
