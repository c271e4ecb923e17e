import Observation
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Observation per field, under a test store", .timeLimit(.minutes(1)))
struct TestStoreObservationTests {
  /// A test's expected state is a copy of the store's, which shares its observation: what the
  /// assertion writes into it is told to no observer of the store.
  @Test func anAssertionTellsNoObserver() async {
    let store = TestStore(initialState: Page()) { (state: inout Page, action: PageAction) in
      switch action {
      case .setTitle(let title): state.title = title
      case .rename(let name): state.profile.name = name
      default: break
      }
      return Effect<PageAction>.none
    }
    let title = ObservationCounter()
    title.track { _ = store.state.title }
    let name = ObservationCounter()
    name.track { _ = store.state.profile.name }

    await store.send(.setTitle("A")) { $0.title = "A" }
    await store.send(.rename("B")) { $0.profile.name = "B" }
    #expect(title.changes == 1)
    #expect(name.changes == 1)
  }
}
