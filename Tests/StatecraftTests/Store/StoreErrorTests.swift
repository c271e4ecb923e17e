import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Store: effect errors", .timeLimit(.minutes(1)))
struct StoreErrorTests {
  struct Failure: Error, Equatable {}

  enum Action: Sendable, Equatable {
    case throwFromTask
    case throwFromRunWithCatch
    case throwCancellation
    case failed(String)
  }

  func makeStore(_ recorder: DiagnosticRecorder) -> Store<[String], Action, Void> {
    DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: []) { (log: inout [String], action: Action) in
        switch action {
        case .throwFromTask:
          return .task { throw Failure() }
        case .throwFromRunWithCatch:
          return .run { _ in
            throw Failure()
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .throwCancellation:
          return .task { throw CancellationError() }
        case .failed(let message):
          log.append(message)
          return .none
        }
      }
    }
  }

  /// SwiftTea printed the errors thrown by `.task` and lost them.
  @Test("An error thrown by `.task` is reported as `effectFailed`", .tags(.replacedLibraryDefect))
  func taskErrorsGoToTheDiagnosticsHook() async throws {
    let recorder = DiagnosticRecorder()
    let store = makeStore(recorder)
    await store.send(.throwFromTask).finish()
    #expect(recorder.kinds == [.effectFailed])
    let diagnostic = try #require(recorder.diagnostics.first)
    #expect(diagnostic.error is Failure)
    #expect(diagnostic.source == "Store<Array<String>, Action, ()>")
  }

  @Test func runCatchTurnsErrorsIntoActions() async {
    let recorder = DiagnosticRecorder()
    let store = makeStore(recorder)
    await store.send(.throwFromRunWithCatch).finish()
    #expect(store.state == ["Failure()"])
    #expect(recorder.diagnostics.isEmpty)
  }

  @Test func cancellationErrorIsNotAnError() async {
    let recorder = DiagnosticRecorder()
    let store = makeStore(recorder)
    await store.send(.throwCancellation).finish()
    #expect(recorder.diagnostics.isEmpty)
  }
}
