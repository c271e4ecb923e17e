import Observation
import Statecraft
import StatecraftTesting
import Testing

@ObservableState
struct Score: Equatable, Identifiable {
  let id: Int
  var count = 0
  var label = ""
}

enum ScoreAction: Sendable, Equatable {
  case increment
  case relabel(String)
  /// Replaces the whole score with a new one, from the score's own reducer.
  case reset
}

/// Plain state inside a marked one: a store scoped to it follows its parent, as before.
struct Hits: Equatable {
  var count = 0
}

@ObservableState
struct Board: Equatable {
  var title = ""
  var rows: IdentifiedArrayOf<Score> = []
  var detail: Score?
  var hits = Hits()
  var section: Section?
}

@ObservableState
struct Section: Equatable {
  var name = ""
  var tally = Score(id: 0)
}

/// A marked state generic over its child: the macro sees the child's type only as a parameter.
@ObservableState
struct Wrapper<Child: Equatable & Sendable>: Equatable {
  var child: Child?
}

@CaseRoutable
enum WrapperAction: Sendable {
  case child(ScoreAction)
}

@CaseRoutable
enum BoardAction: Sendable {
  case rows(IdentifiedAction<Int, ScoreAction>)
  case detail(ScoreAction)
  case section(ScoreAction)
  case append(Int)
  case remove(Int)
  case replace(Score)
  case present(Score?)
  case retitle(String)
  case hit
  case renameSection(String)
  case replaceSection(Section?)
  case nothing
}

func scoreReducer() -> Reduce<Score, ScoreAction> {
  Reduce { state, action in
    switch action {
    case .increment: state.count += 1
    case .relabel(let label): state.label = label
    case .reset: state = Score(id: state.id)
    }
    return .none
  }
}

@MainActor
func makeBoardStore(_ initial: Board = Board()) -> Store<Board, BoardAction, Void> {
  let score = scoreReducer()
  return Store(
    initialState: initial,
    reducer: Reduce<Board, BoardAction> { state, action in
      switch action {
      case .rows, .detail: break
      case .section(let action):
        switch action {
        case .increment: state.section?.tally.count += 1
        case .reset: state.section?.tally = Score(id: 0)
        case .relabel: break
        }
      case .append(let id): state.rows.append(Score(id: id))
      case .remove(let id): state.rows.remove(id: id)
      case .replace(let row): state.rows[id: row.id] = row
      case .present(let detail): state.detail = detail
      case .retitle(let title): state.title = title
      case .hit: state.hits.count += 1
      case .renameSection(let name): state.section?.name = name
      case .replaceSection(let section): state.section = section
      case .nothing: break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { score }
    .ifLet(\.detail, action: \.detail) { score })
}

@MainActor
@Suite("Observation per field, through scoped stores", .timeLimit(.minutes(1)))
struct ScopedFieldObservationTests {
  let recorder = DiagnosticRecorder()

  func board(rows: Int) -> Store<Board, BoardAction, Void> {
    DiagnosticHandler.$current.withValue(recorder.handler) {
      makeBoardStore(Board(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Score(id: $0) })))
    }
  }

  /// Rows whose stores were all read: one row's action tells that row's readers alone, and an
  /// action that changes no row, or nothing, tells none. The list store itself is never read.
  @Test func oneRowsChangeOfTenThousandTellsThatRowsReadersAlone() {
    let store = board(rows: 10_000)
    let rows = store.scope(state: \.rows, action: \.rows)
    let counters = rows.map { row in
      let counter = ObservationCounter()
      counter.track { _ = row.state.count }
      return counter
    }

    rows[4_321].send(.increment)
    #expect(counters[4_321].changes == 1)
    #expect(counters.map(\.changes).reduce(0, +) == 1)
    #expect(rows[4_321].state.count == 1)

    store.send(.rows(.element(id: 17, action: .relabel("seventeen"))))  // a field no one read
    store.send(.retitle("Board"))
    store.send(.nothing)
    #expect(counters.map(\.changes).reduce(0, +) == 1)
    #expect(rows[17].state.label == "seventeen")

    rows[4_321].send(.increment)  // the same row again: its readers read it since
    #expect(counters[4_321].changes == 2)
    #expect(counters.map(\.changes).reduce(0, +) == 2)
  }

  /// `forEach` and `ifLet` write a marked parent's fields in place: a row's or a child's action
  /// that changes its fields tells no reader of the list or of the child's presence, and one that
  /// replaces the row or the child with a new value tells them.
  @Test func compositionToolsTellTheParentOnlyWhenAChildIsReplaced() throws {
    let store = board(rows: 3)
    let list = ObservationCounter()
    list.track { _ = store.state.rows }
    store.send(.present(Score(id: 9)))
    let presence = ObservationCounter()
    presence.track { _ = store.state.detail }
    let row = store.scope(state: \.rows, action: \.rows)[0]
    let count = ObservationCounter()
    count.track { _ = row.state.count }

    row.send(.increment)
    store.send(.detail(.increment))
    #expect(list.changes == 0)
    #expect(presence.changes == 0)
    #expect(count.changes == 1)

    row.send(.reset)
    #expect(list.changes == 1)
    #expect(count.changes == 2)
    #expect(row.state.count == 0)
    store.send(.detail(.reset))
    #expect(presence.changes == 1)
    #expect(store.state.detail == Score(id: 9))
  }

  /// A row replaced by another value with the same id, even an equal one, is told to its readers,
  /// whose store then reads the new value and observes its fields.
  @Test func aRowReplacedUnderTheSameIdIsToldAndObservedAfterwards() {
    let store = board(rows: 3)
    let row = store.scope(state: \.rows, action: \.rows)[1]
    let count = ObservationCounter()
    count.track { _ = row.state.count }

    store.send(.replace(Score(id: 1)))  // equal to the row it replaces
    #expect(count.changes == 1)
    row.send(.increment)
    #expect(count.changes == 2)

    store.send(.replace(Score(id: 1, count: 7)))
    #expect(count.changes == 3)
    #expect(row.state.count == 7)
  }

  /// A view that reads the rows through the list, without row stores, is told when `forEach` runs
  /// a row's action that changes the row: the row was never handed out to observe on its own.
  @Test func aRowReadThroughTheListIsToldOfItsChange() {
    let store = board(rows: 3)
    let counts = ObservationCounter()
    counts.track { _ = store.state.rows.map(\.count) }

    store.send(.rows(.element(id: 1, action: .increment)))
    #expect(counts.changes == 1)
    #expect(store.state.rows.map(\.count) == [0, 1, 0])
  }

  /// Rows added and removed: the list's readers are told; a removed row's store keeps the state it
  /// read last (it does not follow the list), and its `send` is reported and changes nothing.
  @Test func addingAndRemovingRowsTellsTheListsReaders() {
    let store = board(rows: 3)
    let rows = store.scope(state: \.rows, action: \.rows)
    _ = rows.map { $0.state.count }
    let list = ObservationCounter()
    list.track { _ = store.state.rows.ids }

    store.send(.append(3))
    #expect(list.changes == 1)
    #expect(store.scope(state: \.rows, action: \.rows).map(\.state.id) == [0, 1, 2, 3])

    rows[2].send(.increment)
    #expect(rows[2].state.count == 1)
    store.send(.remove(2))
    #expect(list.changes == 2)
    #expect(rows[2].state.count == 1)
    rows[2].send(.increment)
    #expect(recorder.kinds == [.childNotPresent])
    #expect(store.state.rows.ids == [0, 1, 3])
  }

  /// A store scoped by a closure, through marked levels: a view that reads a field of the last
  /// level is told of that field's changes alone, and of a level on the way being replaced.
  @Test func aFieldThroughScopedLevelsIsToldOfItsOwnChangesAlone() {
    let store = makeBoardStore(Board(section: Section(name: "A")))
    let section = store.scope(state: { $0.section ?? Section() }, action: { (_: ScoreAction) in .nothing })
    let tally = section.scope(state: { $0.tally }, action: { (action: ScoreAction) in action })
    let count = ObservationCounter()
    count.track { _ = tally.state.count }
    let name = ObservationCounter()
    name.track { _ = section.state.name }

    store.send(.section(.increment))
    #expect(count.changes == 1)
    #expect(name.changes == 0)
    #expect(tally.state.count == 1)

    store.send(.renameSection("B"))
    store.send(.retitle("Board"))
    #expect(count.changes == 1)
    #expect(name.changes == 1)

    store.send(.replaceSection(Section(name: "C")))  // a level on the way replaced
    #expect(count.changes == 2)
    #expect(tally.state.count == 0)
    #expect(section.state.name == "C")
  }

  /// A marked optional child: its field readers are told of its changes; once it is gone its store
  /// keeps its last state, and another child presented in its place is not driven by it.
  @Test func anOptionalMarkedChildsStoreIsCurrentUntilItGoes() throws {
    let store = board(rows: 0)
    store.send(.present(Score(id: 5)))
    let detail = try #require(store.scope(state: \.detail, action: \.detail))
    let count = ObservationCounter()
    count.track { _ = detail.state.count }
    let title = ObservationCounter()
    title.track { _ = store.state.title }

    detail.send(.increment)
    #expect(count.changes == 1)
    #expect(detail.state.count == 1)
    #expect(title.changes == 0)

    store.send(.present(nil))
    store.send(.present(Score(id: 6)))
    #expect(detail.state == Score(id: 5, count: 1))
    detail.send(.increment)
    #expect(recorder.kinds == [.childNotPresent])
    #expect(store.state.detail == Score(id: 6))
  }

  /// A store for plain state, scoped from a marked state's store, follows its parent as before:
  /// told when its part changes, not when another part does.
  @Test func aPlainPartOfAMarkedStateIsFollowedAsBefore() {
    let store = board(rows: 0)
    let board = store.scope(state: { $0 }, action: { (action: BoardAction) in action })
    let hits = board.scope(state: { $0.hits }, action: { (_: ScoreAction) in BoardAction.hit })
    let counter = ObservationCounter()
    counter.track { _ = hits.state }

    hits.send(.increment)
    #expect(counter.changes == 1)
    #expect(hits.state.count == 1)
    store.send(.retitle("Board"))
    #expect(counter.changes == 1)
  }

  /// A store of a marked part of a marked state does not follow its parent: an action reads no
  /// part, so that its cost does not grow with the stores that views have read. The part is read
  /// when the store is.
  @Test func aMarkedPartIsReadWhenItsStoreIsReadNotAfterEachAction() {
    let store = board(rows: 0)
    var reads = 0
    let section = store.scope(
      state: { state -> Section in
        reads += 1
        return state.section ?? Section()
      }, action: { (_: ScoreAction) in BoardAction.nothing })
    _ = section.state.name
    let afterRead = reads
    for _ in 0..<10 { store.send(.retitle("Board")) }
    store.send(.replaceSection(Section(name: "New")))
    #expect(reads == afterRead)
    #expect(section.state.name == "New")
    #expect(reads == afterRead + 1)
  }

  /// A child whose type the macro saw only as a generic parameter is told when `ifLet` replaces it.
  @Test func aGenericFieldReplacedInPlaceIsTold() {
    let score = Reduce<Score, ScoreAction> { state, action in
      if case .reset = action { state = Score(id: state.id) }
      return .none
    }
    let store = Store(
      initialState: Wrapper(child: Score(id: 1)),
      reducer: Reduce<Wrapper<Score>, WrapperAction>.empty.ifLet(\.child, action: \.child) { score })
    let child = ObservationCounter()
    child.track { _ = store.state.child }
    store.send(.child(.reset))
    #expect(child.changes == 1)
  }

  /// A child replaced by an equal value is told to its readers, who then observe the new value.
  @Test func aChildReplacedByAnEqualValueIsToldAndObservedAfterwards() {
    let store = makePageStore()
    let name = ObservationCounter()
    name.track { _ = store.state.profile.name }

    store.send(.replaceProfile(Profile(id: 1)))  // equal to the profile it replaces
    #expect(name.changes == 1)
    store.send(.rename("Ada"))
    #expect(name.changes == 2)
  }
}
