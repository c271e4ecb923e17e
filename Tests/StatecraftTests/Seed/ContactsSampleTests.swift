@testable import SeedSamples
import Statecraft
import StatecraftTesting
import Testing

/// Seed 003's contacts sample, compiled with the migration guide's renames, behaves as it says.
@MainActor
@Suite("Seed 003 samples", .timeLimit(.minutes(1)))
struct ContactsSampleTests {
  @Test func theAddressBookHandlesTheRepositorysEventsInOrder() async {
    let viewModel = ContactsSample.AddressBookViewModel()
    viewModel.setupContactEventSubscription()  // the seed discards the subscription
    viewModel.contactsRepository.addContact("ada")
    viewModel.contactsRepository.addContact("alan")
    await waitUntil { viewModel.contactCells.count == 2 }
    #expect(viewModel.contactCells == ["ada", "alan"])
  }

  /// The README's `observe()` then `next()` example did not compile; `for await` over `observe()`
  /// works as it meant.
  @Test(.tags(.seedDefect))
  func theObservationExampleWorksWithForAwait() async {
    let contactRepository = ContactsSample.ContactRepository()
    let observing = Gate()
    // A main-actor task: once it has opened the gate, this test resumes only after the task
    // suspends in `for await`, by when `observe()` has registered it.
    let observerTask = Task { [weak contactRepository] () -> [[String]] in
      guard let contactRepository else { return [] }
      var seen: [[String]] = []
      observing.open()
      for await newState in contactRepository.stateStream.observe() {
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
