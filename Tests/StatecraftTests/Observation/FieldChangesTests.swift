import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Observation per field: the fields a send changed", .timeLimit(.minutes(1)))
struct FieldChangesTests {
  /// Each action lists the fields whose readers it tells, by path: none for an action that
  /// changes nothing, the child's field for a child's change, the child for its replacement.
  @Test func aSendListsTheFieldsItChangedByPath() {
    let store = makePageStore()
    #expect(store.fieldChanges(sending: .setTitle("A")) == ["title"])
    #expect(store.fieldChanges(sending: .nothing) == [])
    #expect(store.fieldChanges(sending: .rename("B")) == ["profile.name"])
    #expect(store.fieldChanges(sending: .present(Profile(id: 2))) == ["detail"])
    #expect(store.fieldChanges(sending: .renameDetail("C")) == ["detail.name"])
    #expect(store.fieldChanges(sending: .incrementTwice) == ["count"])
  }

  /// A row's action lists the row's field by the row's position; a case's value's field is
  /// listed under its case.
  @Test func rowsAndCasesAreListedByPositionAndCase() {
    let board = makeBoardStore(Board(rows: [Score(id: 0), Score(id: 1)]))
    #expect(board.fieldChanges(sending: .rows(.element(id: 1, action: .increment))) == ["rows[1].count"])
    #expect(board.fieldChanges(sending: .append(2)) == ["rows"])

    let desk = Store(
      initialState: Desk(screen: .edit(Score(id: 1))),
      reducer: Reduce<Desk, DeskAction>.empty.scope(state: \.screen, action: \.screen) { screenReducer() })
    #expect(desk.fieldChanges(sending: .screen(.edit(.relabel("one")))) == ["screen.edit.label"])
    #expect(desk.fieldChanges(sending: .screen(.close)) == ["screen"])
  }

  /// A state that is not marked is observed whole.
  @Test func anUnmarkedStateIsListedWhole() {
    let store = Store(initialState: Hits()) { (state: inout Hits, _: ScoreAction) in
      state.count += 1
      return .none
    }
    #expect(store.fieldChanges(sending: .increment) == ["(the whole state)"])
    #expect(store.state.count == 1)
  }
}
