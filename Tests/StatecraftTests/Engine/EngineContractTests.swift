import StatecraftEngine
import Testing

/// Some of the promises the engine's unsafe declarations rest on are checked in debug builds: a
/// breach stops the process there, rather than racing in silence. Each exit test breaks one such
/// promise in a child process and expects it to stop.
@Suite("Engine contracts, checked in debug builds and, for boxing taken steps, in every build")
struct EngineContractTests {
  #if DEBUG
    @Test func processorStateTouchedOutsideItsOwnersProcessingStops() async {
      await #expect(processExitsWith: .failure) {
        let core = OwnerCore<Int, String>(
          state: 0, type: Int.self,
          callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        let local = ProcessorLocal(0)
        local.bind(to: core)
        local.value += 1
      }
    }

    @Test func stateTakenWithoutTheProcessingRightStops() async {
      await #expect(processExitsWith: .failure) {
        var machine = OwnerStateMachine<Int, String>(state: 0)
        _ = machine.take()
      }
    }

    @Test func stateBorrowingTheOwnersLockTouchedWithoutItStops() async {
      await #expect(processExitsWith: .failure) {
        let core = OwnerCore<Int, String>(
          state: 0, type: Int.self,
          callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        core.assertLockHeld("a stay's work")
      }
    }

    @Test func theEffectScopeTouchedWithoutTheOwnersLockStops() async {
      await #expect(processExitsWith: .failure) {
        let core = OwnerCore<Int, String>(
          state: 0, type: Int.self,
          callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        _ = core.services.effectScope
      }
    }

    /// What the checks accept: the same accesses, made as the engine makes them.
    @Test func theSameAccessesMadeAsTheEngineMakesThemPass() {
      let core = OwnerCore<Int, String>(
        state: 0, type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      )
      core.withLock { _ in core.assertLockHeld("a stay's work") }
      let context = core.services
      #expect(core.withLock { _ in context.effectScope } == nil)
      var machine = OwnerStateMachine<Int, String>(state: 0)
      _ = machine.claim()
      #expect(machine.take() == 0)
    }
  #endif

  /// Boxing moves the steps out of their storage: a second box would destroy them twice, so it
  /// stops the process in every build.
  @Test func takenStepsBoxedTwiceStop() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let ring = makeRing()
      _ = ring.endStep(
        received: ring.beginStep(), message: "tick", before: 0, after: 1, callSite: nil)
      let taken = ring.take()
      _ = taken?.records()
      _ = taken?.records()
    }
    #expect(stopMessage(result).contains("taken steps are boxed once only"))
  }
}

/// What a stopped child process wrote to its standard error.
func stopMessage(_ result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

private func makeRing() -> StepRing<Int, String> {
  StepRing(
    owner: OwnerIdentity(
      type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)),
    sequence: InspectionSequence(), capacity: 8)
}
