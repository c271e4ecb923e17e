import Observation
import Statecraft
import StatecraftTesting
import Testing

/// A marked enum of screens, two of which hold the same marked type.
@ObservableState
@CaseRoutable
enum Screen: Equatable {
  case idle
  case edit(Score)
  case preview(Score)
  case note(String)
}

@CaseRoutable
enum ScreenAction: Sendable, Equatable {
  case edit(ScoreAction)
  case preview(ScoreAction)
  case open(Score)
  /// Moves the edited score, the same value, to the preview case.
  case moveToPreview
  case close
  case note(String)
}

@ObservableState
struct Desk: Equatable {
  var title = ""
  var screen = Screen.idle
}

@CaseRoutable
enum DeskAction: Sendable, Equatable {
  case screen(ScreenAction)
  case retitle(String)
}

func screenReducer() -> Reduce<Screen, ScreenAction> {
  let score = scoreReducer()
  return Reduce<Screen, ScreenAction> { state, action in
    switch action {
    case .open(let score): state = .edit(score)
    case .moveToPreview:
      if case .edit(let score) = state { state = .preview(score) }
    case .close: state = .idle
    case .note(let text): state = .note(text)
    case .edit, .preview: break
    }
    return .none
  }
  .ifCaseLet(\.edit, action: \.edit) { score }
  .ifCaseLet(\.preview, action: \.preview) { score }
}

@MainActor
@Suite("Observation per case, for enum states", .timeLimit(.minutes(1)))
struct EnumObservationTests {
  let recorder = DiagnosticRecorder()

  /// The count of the score the screen edits, if it edits one.
  func editedCount(_ store: Store<Screen, ScreenAction, Void>) -> Int? {
    guard case .edit(let score) = store.state else { return nil }
    return score.count
  }

  /// A store of an enum state: a view that reads a field of the case's value is told when that
  /// field changes or the enum changes case, and not when another field of the value changes.
  @Test func aCasesValueIsObservedFieldByField() {
    let store = Store(initialState: Screen.edit(Score(id: 1)), reducer: screenReducer())
    let count = ObservationCounter()
    count.track { _ = editedCount(store) }

    store.send(.edit(.relabel("one")))
    #expect(count.changes == 0)
    store.send(.edit(.increment))
    #expect(count.changes == 1)
    #expect(editedCount(store) == 1)

    store.send(.close)
    #expect(count.changes == 2)
    #expect(editedCount(store) == nil)
  }

  /// Moving one value from a case to another of the same type is another value: the case tells it
  /// apart, not the value's observation alone.
  @Test func theSameValueInAnotherCaseIsTold() {
    let store = Store(initialState: Screen.edit(Score(id: 1)), reducer: screenReducer())
    let reader = ObservationCounter()
    reader.track { _ = editedCount(store) }

    store.send(.moveToPreview)
    #expect(reader.changes == 1)
    #expect(store.state == .preview(Score(id: 1)))
  }

  /// A case without a value stays the same value when written again; a case whose value is not
  /// marked counts as changed whenever it is written.
  @Test func aCaseWithoutAValueIsToldOnlyWhenLeft() {
    let store = Store(initialState: Screen.idle, reducer: screenReducer())
    let reader = ObservationCounter()
    reader.track { _ = store.state }

    store.send(.close)
    #expect(reader.changes == 0)
    store.send(.note("a"))
    #expect(reader.changes == 1)
    store.send(.note("a"))
    #expect(reader.changes == 2)
  }

  func makeDeskStore(_ screen: Screen) -> Store<Desk, DeskAction, Void> {
    DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(
        initialState: Desk(screen: screen),
        reducer: Reduce<Desk, DeskAction> { state, action in
          if case .retitle(let title) = action { state.title = title }
          return .none
        }
        .scope(state: \.screen, action: \.screen) { screenReducer() })
    }
  }

  /// A marked enum field of a marked state: the case's own changes are told by the case's value,
  /// not to the readers of the field, and the field's readers are told when it changes case.
  @Test func anEnumFieldIsToldWhenItChangesCaseNotWhenItsValueChanges() {
    let store = makeDeskStore(.edit(Score(id: 1)))
    let screen = ObservationCounter()
    screen.track {
      if case .edit = store.state.screen {}
    }
    let count = ObservationCounter()
    count.track {
      if case .edit(let score) = store.state.screen { _ = score.count }
    }

    store.send(.screen(.edit(.increment)))
    #expect(screen.changes == 0)
    #expect(count.changes == 1)
    store.send(.retitle("Desk"))
    #expect(screen.changes == 0)
    #expect(count.changes == 1)

    store.send(.screen(.moveToPreview))
    #expect(screen.changes == 1)
    #expect(count.changes == 2)
    #expect(store.state.screen == .preview(Score(id: 1, count: 1)))
  }

  /// A store of one case of an enum, reached through the parent's store of the enum: its readers
  /// are told of the case value's own changes alone; once the enum leaves the case, the store
  /// keeps the value's last state, and its `send` is reported and changes nothing.
  @Test func aCaseStoreDrivesItsCaseUntilTheEnumLeavesIt() throws {
    let store = makeDeskStore(.edit(Score(id: 1)))
    let screen = store.scope(state: \.screen, action: DeskAction.screen)
    let edit = try #require(screen.scope(state: \.edit, action: \.edit))
    #expect(screen.scope(state: \.preview, action: \.preview) == nil)
    let count = ObservationCounter()
    count.track { _ = edit.state.count }

    edit.send(.increment)
    #expect(count.changes == 1)
    #expect(edit.state.count == 1)
    #expect(store.state.screen == .edit(Score(id: 1, count: 1)))
    edit.send(.relabel("one"))
    store.send(.retitle("Desk"))
    #expect(count.changes == 1)

    screen.send(.moveToPreview)
    #expect(recorder.kinds.isEmpty)
    edit.send(.increment)
    #expect(recorder.kinds == [.childNotPresent])
    #expect(store.state.screen == .preview(Score(id: 1, count: 1, label: "one")))
    #expect(edit.state == Score(id: 1, count: 1, label: "one"))
  }

  /// A view that asks for a case's store is told when the enum enters the case.
  @Test func aViewAskingForACaseStoreIsToldWhenTheCaseComes() {
    let store = makeDeskStore(.idle)
    let screen = store.scope(state: \.screen, action: DeskAction.screen)
    let asking = ObservationCounter()
    asking.track { _ = screen.scope(state: \.edit, action: \.edit) }

    store.send(.retitle("Desk"))
    #expect(asking.changes == 0)
    screen.send(.open(Score(id: 2)))
    #expect(asking.changes == 1)
    #expect(screen.scope(state: \.edit, action: \.edit)?.state == Score(id: 2))
  }

  /// The test store asserts marked enum states exhaustively, as any other.
  @Test func theTestStoreAssertsAMarkedEnumState() async {
    let store = TestStore(initialState: Screen.idle, reducer: screenReducer())
    await store.send(.open(Score(id: 1))) { $0 = .edit(Score(id: 1)) }
    await store.send(.edit(.increment)) { $0 = .edit(Score(id: 1, count: 1)) }
    await store.send(.moveToPreview) { $0 = .preview(Score(id: 1, count: 1)) }
    await store.send(.close) { $0 = .idle }
  }
}
