import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

/// async-state's contacts sample, compiled with the migration guide's renames, behaves as it says.
@MainActor
@Suite("async-state's contacts sample, migrated", .timeLimit(.minutes(1)))
struct AsyncStateContactsSampleTests {
  @Test func theAddressBookHandlesTheRepositorysEventsInOrder() async {
    let viewModel = ContactsSample.AddressBookViewModel()
    viewModel.setupContactEventSubscription()  // async-state's sample discards the subscription
    viewModel.contactsRepository.addContact("ada")
    viewModel.contactsRepository.addContact("alan")
    await waitUntil { viewModel.contactCells.count == 2 }
    #expect(viewModel.contactCells == ["ada", "alan"])
  }

  /// The README's `observe()` then `next()` example did not compile: a stream has no `next()`.
  /// Here it compiles and works as printed.
  @Test(.tags(.replacedLibraryDefect))
  func theObservationExampleCompilesAndWorksAsPrinted() async {
    let contactRepository = ContactsSample.ContactRepository()
    let observing = Gate()
    // The task observes before it opens the gate, so nothing published after the gate is missed.
    let observerTask = Task { [weak contactRepository] () -> [[String]] in
      guard let contactRepository else { return [] }
      var seen: [[String]] = []
      var stateIterator = contactRepository.stateStream.observe()
      observing.open()
      while let newState = await stateIterator.next() {
        // Handle new state
        seen.append(newState.contactIds)
        if seen.count == 2 { break }
      }
      return seen
    }
    await observing.wait()
    contactRepository.publish(.init(contactIds: ["ada"]))
    contactRepository.publish(.init(contactIds: ["ada", "alan"]))
    #expect(await observerTask.value == [["ada"], ["ada", "alan"]])
  }
}
