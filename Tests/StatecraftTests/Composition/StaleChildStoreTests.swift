import Statecraft
import StatecraftTesting
import Testing

/// A sheet that is not `Identifiable`: told from the next one by its absence in between.
struct Sheet: Equatable, Sendable {
  var ticks = 0
}

@CaseRoutable
enum SheetAction: Sendable, Equatable { case tick }

struct SheetHost: Equatable {
  var sheet: Sheet?
}

@CaseRoutable
enum SheetHostAction: Sendable, Equatable {
  case present
  case dismiss
  /// Dismisses the sheet and presents a new one, in one action.
  case replace
  case sheet(SheetAction)
}

@MainActor
func sheetHostReducer() -> Reduce<SheetHost, SheetHostAction> {
  Reduce<SheetHost, SheetHostAction> { state, action in
    switch action {
    case .present: state.sheet = Sheet()
    case .dismiss: state.sheet = nil
    case .replace: state.sheet = Sheet()
    case .sheet: break
    }
    return .none
  }
  .ifLet(\.sheet, action: \.sheet) {
    Reduce { sheet, _ in
      sheet.ticks += 1
      return .none
    }
  }
}

/// A store kept by a view after its child went away never drives the child that takes its place.
@MainActor
@Suite("Composition: the store of a child that is gone", .timeLimit(.minutes(1)))
struct StaleChildStoreTests {
  let feed = Feed()
  let recorder = DiagnosticRecorder()

  @Test func aKeptStoreOfADismissedIdentifiableChildDoesNotDriveTheNextOne() throws {
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
    store.send(.present(1))
    let kept = try #require(store.scope(state: \.detail, action: \.detail))
    store.send(.dismiss)
    store.send(.present(2))
    kept.send(.increment); let line = #line
    #expect(store.state.detail == Counter(id: 2, count: 0))
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
    // The kept store still reads its own child's last state, not the next child's.
    #expect(kept.state == Counter(id: 1, count: 0))
  }

  @Test func aKeptStoreOfAnIdentifiableChildReplacedInOneActionDoesNotDriveTheNextOne() throws {
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
    store.send(.present(1))
    let kept = try #require(store.scope(state: \.detail, action: \.detail))
    store.send(.present(2))  // one action replaces child 1 with child 2
    kept.send(.increment)
    #expect(store.state.detail == Counter(id: 2, count: 0))
    #expect(recorder.kinds == [.childNotPresent])
    #expect(kept.state.id == 1)
  }

  @Test func aKeptStoreOfADismissedChildThatIsNotIdentifiableDoesNotDriveTheNextOne() throws {
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: SheetHost(), reducer: sheetHostReducer())
    }
    store.send(.present)
    let kept = try #require(store.scope(state: \.sheet, action: \.sheet))
    kept.send(.tick)
    #expect(store.state.sheet?.ticks == 1)
    store.send(.dismiss)
    store.send(.present)
    kept.send(.tick); let line = #line
    #expect(store.state.sheet == Sheet(ticks: 0))
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
    #expect(kept.state == Sheet(ticks: 1))
    // A store scoped for the new child drives it.
    store.scope(state: \.sheet, action: \.sheet)?.send(.tick)
    #expect(store.state.sheet?.ticks == 1)
  }

  @Test func aKeptStoreScopedThroughAScopedStoreDoesNotDriveTheNextChild() throws {
    struct Outer: Equatable { var host = SheetHost() }
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Outer()) { (state: inout Outer, action: SheetHostAction) -> Effect<SheetHostAction> in
        sheetHostReducer()(&state.host, action)
      }
    }
    let host = store.scope(state: \.host, action: { $0 })
    store.send(.present)
    let kept = try #require(host.scope(state: \.sheet, action: \.sheet))
    store.send(.dismiss)
    store.send(.present)
    kept.send(.tick)
    #expect(store.state.host.sheet == Sheet(ticks: 0))
    #expect(recorder.kinds == [.childNotPresent])
  }

  @Test func aPresentationKeptAfterItsChildWasReplacedDoesNotDriveTheNextOne() throws {
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
    store.send(.present(1))
    let kept = store.presentation(\.detail, action: \.detail, dismiss: .dismiss)
    store.send(.dismiss)
    store.send(.present(2))
    kept.store?.send(.increment)
    #expect(store.state.detail == Counter(id: 2, count: 0))
    #expect(recorder.kinds == [.childNotPresent])
  }
}
