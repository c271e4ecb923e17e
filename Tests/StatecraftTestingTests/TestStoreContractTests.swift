import Testing

@testable import StatecraftTesting

/// A test store's deinit runs on whatever thread released it, so it must not reach its owner,
/// which belongs to the main actor. Debug builds check that promise on the closures that reach the
/// owner: a breach stops the process.
@Suite("Test store contracts, checked in debug builds")
struct TestStoreContractTests {
  #if DEBUG
    @Test func readingTheOwnersStateFromATestStoresDeinitStops() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let subject = makeSubject().checkedOutsideDeinit()
          TestStoreDeinit.$isRunning.withValue(true) { _ = subject.currentState() }
        }
      }
    }

    @Test func cancellingTheOwnersEffectsFromATestStoresDeinitStops() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let subject = makeSubject().checkedOutsideDeinit()
          TestStoreDeinit.$isRunning.withValue(true) { subject.cancelEffects() }
        }
      }
    }

    @Test @MainActor func readingTheOwnersStateOutsideADeinitPasses() {
      let subject = makeSubject().checkedOutsideDeinit()
      #expect(subject.currentState() == 7)
      subject.cancelEffects()
    }
  #endif
}

@MainActor
private func makeSubject() -> TestStoreSubject<Int, String> {
  TestStoreSubject(
    send: { _, _ in }, currentState: { 7 }, action: { $0 as? String }, state: { $0 as? Int },
    cancelEffects: {})
}
