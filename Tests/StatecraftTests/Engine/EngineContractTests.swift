import StatecraftEngine
import Testing

/// Some of the promises the engine's unsafe declarations rest on are checked in debug builds: a
/// breach stops the process there, rather than racing in silence. Each exit test breaks one such
/// promise in a child process and expects it to stop.
@Suite("Engine contracts, checked in debug builds")
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
}
