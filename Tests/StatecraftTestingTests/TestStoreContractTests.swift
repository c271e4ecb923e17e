import Statecraft
import Testing

@testable import StatecraftTesting

/// A test store's deinit runs on whatever thread released it, so it must not reach its owner,
/// which belongs to the main actor. Debug builds check that promise on the closures through which
/// a test store reaches its owner: a breach stops the process, with the check's message.
@Suite("Test store contracts, checked in debug builds")
struct TestStoreContractTests {
  #if DEBUG
    @Test func sendingToTheOwnerFromATestStoresDeinitStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await sendToTheOwnerAsATestStoresDeinit()
      }
      #expect(stopMessage(result).contains("a test store's deinit does not send to its owner"))
    }

    @Test func readingTheOwnersStateFromATestStoresDeinitStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = makeTestStore()
          TestStoreDeinit.$isRunning.withValue(true) { _ = store.subject.currentState() }
        }
      }
      #expect(stopMessage(result).contains("a test store's deinit does not read its owner's state"))
    }

    @Test func cancellingTheOwnersEffectsFromATestStoresDeinitStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = makeTestStore()
          TestStoreDeinit.$isRunning.withValue(true) { store.subject.cancelEffects() }
        }
      }
      #expect(stopMessage(result).contains("a test store's deinit does not cancel its owner's effects"))
    }

    @Test @MainActor func reachingTheOwnerOutsideADeinitPasses() async {
      let store = makeTestStore()
      #expect(store.subject.currentState() == 0)
      await store.send(1) { $0 = 1 }
      store.subject.cancelEffects()
    }
  #endif
}

@MainActor
private func makeTestStore() -> TestStore<Int, Int> {
  TestStore(initialState: 0) { (state: inout Int, action: Int) -> Effect<Int> in
    state += action
    return .none
  }
}

/// Sends through a test store's subject as if from its deinit.
@MainActor
private func sendToTheOwnerAsATestStoresDeinit() async {
  let store = makeTestStore()
  await TestStoreDeinit.$isRunning.withValue(true) {
    await store.subject.send(1, CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
  }
}

/// What a stopped child process wrote to its standard error.
private func stopMessage(_ result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
