import Observation
import Statecraft
import StatecraftTesting
import Testing

@ObservableState
struct Navigator: Equatable {
  var title = ""
  var path = StackState<Screen>()
}

@CaseRoutable
enum NavigatorAction: Sendable {
  case path(StackAction<Screen, ScreenAction>)
  case retitle(String)
}

@MainActor
func makeNavigatorStore(_ path: StackState<Screen>) -> Store<Navigator, NavigatorAction, Void> {
  Store(
    initialState: Navigator(path: path),
    reducer: Reduce<Navigator, NavigatorAction> { state, action in
      if case .retitle(let title) = action { state.title = title }
      return .none
    }
    .forEach(\.path, action: \.path) { screenReducer() })
}

@MainActor
@Suite("Observation per screen, for navigation stacks", .timeLimit(.minutes(1)))
struct StackObservationTests {
  /// The count of the score a screen's store edits, if it edits one.
  func editedCount(_ screen: ScopedStore<Screen, ScreenAction>) -> Int? {
    guard case .edit(let score) = screen.state else { return nil }
    return score.count
  }

  /// A screen's action tells that screen's readers alone, not the readers of the stack; a screen
  /// replaced by its own action, or a push, tells the stack's readers, and so every screen's,
  /// since a screen's store reads its screen through the stack.
  @Test func oneScreensChangeTellsThatScreensReadersAlone() throws {
    let store = makeNavigatorStore([.edit(Score(id: 1)), .edit(Score(id: 2))])
    let navigation = store.navigation(\.path, action: \.path)
    let screens = try navigation.ids.map { try #require(navigation.store(for: $0)) }
    let counts = screens.map { screen in
      let counter = ObservationCounter()
      counter.track { _ = editedCount(screen) }
      return counter
    }
    let stack = ObservationCounter()
    stack.track { _ = store.state.path.ids }

    screens[1].send(.edit(.increment))
    #expect(counts.map(\.changes) == [0, 1])
    #expect(stack.changes == 0)
    #expect(editedCount(screens[1]) == 1)
    store.send(.retitle("Navigator"))
    #expect(counts.map(\.changes) == [0, 1])

    screens[0].send(.moveToPreview)
    #expect(counts.map(\.changes) == [1, 2])
    #expect(stack.changes == 1)
    #expect(screens[0].state == .preview(Score(id: 1)))

    store.send(.path(.push(.idle)))
    #expect(stack.changes == 2)
    #expect(counts.map(\.changes) == [2, 3])
  }

  /// A view that reads the screens through the stack, without their stores, is told when a
  /// screen's action changes the screen.
  @Test func aScreenReadThroughTheStackIsToldOfItsChange() {
    let store = makeNavigatorStore([.edit(Score(id: 1))])
    let reader = ObservationCounter()
    reader.track {
      for screen in store.state.path {
        if case .edit(let score) = screen { _ = score.count }
      }
    }

    store.send(.path(.element(id: 0, action: .edit(.increment))))
    #expect(reader.changes == 1)
    #expect(store.state.path[id: 0] == .edit(Score(id: 1, count: 1)))
  }

  /// A view that builds its navigation stack from `navigation(_:action:)` is told of a push, and
  /// a view that asks for a child's store is told when the child comes.
  @Test func aViewThatScopesIsToldWhenTheScreensOrTheChildChange() {
    let store = makeNavigatorStore([])
    let ids = ObservationCounter()
    ids.track { _ = store.navigation(\.path, action: \.path).ids }

    store.send(.path(.push(.idle)))
    #expect(ids.changes == 1)
    #expect(store.navigation(\.path, action: \.path).ids == [0])

    let board = makeBoardStore()
    let detail = ObservationCounter()
    detail.track { _ = board.scope(state: \.detail, action: \.detail) }
    let rows = ObservationCounter()
    rows.track { _ = board.scope(state: \.rows, action: \.rows).count }
    board.send(.present(Score(id: 1)))
    #expect(detail.changes == 1)
    #expect(rows.changes == 0)
    board.send(.append(1))
    #expect(rows.changes == 1)
    #expect(detail.changes == 1)
  }

  /// What SwiftUI's `binding(_:action:dismiss:)` reads and writes, on a marked state: a view that
  /// reads the presentation is told when the child comes and when SwiftUI's dismissal ends it, and
  /// not by a sibling's change or by the child's own actions.
  @Test func aPresentationsReadersAreToldWhenTheChildComesAndGoesAlone() throws {
    let board = makeBoardStore()
    let presented = ObservationCounter()
    presented.track { _ = board.presentation(\.detail, action: \.detail, dismiss: .present(nil)).store }

    board.send(.retitle("Board"))
    board.send(.append(1))
    #expect(presented.changes == 0)
    board.send(.present(Score(id: 7)))
    #expect(presented.changes == 1)
    let presentation = board.presentation(\.detail, action: \.detail, dismiss: .present(nil))
    let detail = try #require(presentation.store)
    detail.send(.increment)
    #expect(presented.changes == 1)
    #expect(detail.state.count == 1)

    presentation.dismiss()
    #expect(presented.changes == 2)
    #expect(board.state.detail == nil)
    #expect(board.presentation(\.detail, action: \.detail, dismiss: .present(nil)).store == nil)
  }

  /// What SwiftUI's `pathBinding(_:action:)` writes when the user goes back, on marked screens:
  /// the pop tells the path's readers, and the action of a screen that its view read does not.
  @Test func goingBackTellsThePathsReadersAndAScreensActionDoesNot() throws {
    let store = makeNavigatorStore([.edit(Score(id: 1)), .edit(Score(id: 2)), .idle])
    let path = ObservationCounter()
    path.track { _ = store.navigation(\.path, action: \.path).ids }
    let navigation = store.navigation(\.path, action: \.path)
    let first = try #require(navigation.store(for: 0))
    #expect(editedCount(first) == 0)

    first.send(.edit(.increment))
    #expect(path.changes == 0)
    navigation.setIDs([0])
    #expect(path.changes == 1)
    #expect(store.navigation(\.path, action: \.path).ids == [0])
    #expect(editedCount(first) == 1)
  }
}
