import Clocks
import ConcurrencyExtras
import Statecraft

/// A tree of features that come and go: a list of todos, each row with a statechart of its own
/// for its sync status, and a detail screen whose autosave effect ends when it is dismissed.
enum TodosDemo {
  static let demo = Demo(
    name: "todos",
    summary: "composition: rows with a sync chart each, a detail screen whose effects end with it",
    run: run,
    chart: ChartExports(
      mermaid: { syncChart(TestClock()).mermaid() }, dot: { syncChart(TestClock()).dot() })
  )

  // MARK: The sync status, a chart as a child feature of each row

  enum SyncState: Hashable, Sendable { case local, uploading, synced, failed }
  enum SyncEvent: Hashable, Sendable { case upload, uploaded }

  /// An upload that takes 300 ms, with a 1 s timeout; a synced row rests for a minute.
  static func syncChart(_ clock: some Clock<Duration>) -> Statechart<SyncState, SyncEvent, EmptyChartContext> {
    Statechart<SyncState, SyncEvent, EmptyChartContext>("sync", initial: .local) {
      StateNode(.local) { OnEvent(.upload, target: .uploading) }
      StateNode(.uploading) {
        Invoke("upload") { _ in
          try await clock.sleep(for: .milliseconds(300))
          return .uploaded
        }
        After(.seconds(1), target: .failed)
        OnEvent(.uploaded, target: .synced)
      }
      StateNode(.synced) {
        Entry(.output("synced"))
        OnEvent(.upload, target: .uploading)
      }
      StateNode(.failed) { OnEvent(.upload, target: .uploading) }
    }
  }

  // MARK: A row

  struct Todo: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
    var sync: ChartFeature<SyncState, SyncEvent, EmptyChartContext>
  }

  @CaseRoutable
  enum TodoAction: Sendable, Equatable {
    case toggle
    case sync(ChartFeatureAction<SyncEvent>)
  }

  static func todoReducer(
    _ chart: Statechart<SyncState, SyncEvent, EmptyChartContext>, clock: some Clock<Duration>
  )
    -> Reduce<Todo, TodoAction>
  {
    Reduce<Todo, TodoAction> { state, action in
      switch action {
      case .toggle:
        state.isDone.toggle()
        return .send(.sync(.event(.upload)))  // every change is uploaded
      case .sync:
        return .none
      }
    }
    .chart(\.sync, action: \.sync, chart, clock: clock)
  }

  // MARK: The detail screen

  struct Detail: Equatable {
    let todoID: Int
    var draft: String
    var autosaves = 0
  }

  @CaseRoutable
  enum DetailAction: Sendable, Equatable {
    case appeared
    case edit(String)
    case autosave
    case close
  }

  static func detailReducer(clock: some Clock<Duration>) -> Reduce<Detail, DetailAction> {
    Reduce { state, action in
      switch action {
      case .appeared:
        // Autosaves every second for as long as the screen is there: no cancel id needed.
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.autosave)
          }
        }
      case .edit(let text):
        state.draft = text
      case .autosave:
        state.autosaves += 1
      case .close:
        break
      }
      return .none
    }
  }

  // MARK: The app

  struct App: Equatable {
    var todos: IdentifiedArrayOf<Todo> = []
    var detail: Detail?
    var nextID = 1
  }

  @CaseRoutable
  enum AppAction: Sendable, Equatable {
    case add(String)
    case remove(Int)
    case open(Int)
    case todos(IdentifiedAction<Int, TodoAction>)
    case detail(DetailAction)
  }

  static func appReducer(clock: some Clock<Duration>) -> Reduce<App, AppAction> {
    let chart = syncChart(clock)
    return Reduce<App, AppAction> { state, action in
      switch action {
      case .add(let title):
        state.todos.append(Todo(id: state.nextID, title: title, sync: ChartFeature(chart)))
        state.nextID += 1
      case .remove(let id):
        state.todos.remove(id: id)
      case .open(let id):
        guard let todo = state.todos[id: id] else { return .none }
        state.detail = Detail(todoID: id, draft: todo.title)
        return .send(.detail(.appeared))
      case .detail(.close):
        if let detail = state.detail { state.todos[id: detail.todoID]?.title = detail.draft }
        state.detail = nil
      case .todos, .detail:
        break
      }
      return .none
    }
    .forEach(\.todos, action: \.todos) { todoReducer(chart, clock: clock) }
    .ifLet(\.detail, action: \.detail) { detailReducer(clock: clock) }
  }

  // MARK: Running it

  @MainActor
  static func run() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let start = clock.now
      func timestamp() -> String { start.duration(to: clock.now).demoTimestamp }
      let reducer = appReducer(clock: clock)
      let logged = Reduce<App, AppAction> { state, action in
        let effect = reducer(&state, action)
        print("  \(describe(action)) → \(describe(state))")
        return effect
      }
      let store = DiagnosticHandler.$current.withValue(
        DiagnosticHandler { print("  ⚠︎ [\($0.kind)] \($0.message)") }
      ) {
        Store(initialState: App(), reducer: logged)
      }
      @MainActor func step(_ what: String, _ action: AppAction) {
        print("[\(timestamp())] \(what)")
        store.send(action)
      }
      @MainActor func wait(_ duration: Duration) async {
        print("[\(timestamp())] … \(duration.demoTimestamp.dropFirst(2)) pass")
        await clock.advance(by: duration)
      }
      @MainActor func effects() {
        print("  (effects running: \(store.liveEffectCount), child scopes: \(store.childScopeCount))")
      }

      print("Todos: rows with a sync chart each, and a detail screen whose effects end with it.\n")
      step("add three todos", .add("Buy milk"))
      store.send(.add("Write docs"))
      store.send(.add("Ship it"))
      step("tick off #1: its chart uploads the change (300 ms)", .todos(.element(id: 1, action: .toggle)))
      effects()
      await wait(.milliseconds(400))
      step("open #2's detail screen: it autosaves every second", .open(2))
      await wait(.milliseconds(2500))
      effects()
      step("edit, then close the screen: its autosave ends with it", .detail(.edit("Write the README")))
      store.send(.detail(.close))
      effects()
      await wait(.seconds(3))
      step("tick off #3, and delete it while it uploads", .todos(.element(id: 3, action: .toggle)))
      store.send(.remove(3))
      effects()
      await wait(.seconds(2))
      step(
        "a late action for the deleted row is reported, and changes nothing", .todos(.element(id: 3, action: .toggle)))
      print("\nDone at \(timestamp()). \(describe(store.state))")
    }
  }

  static func describe(_ action: AppAction) -> String {
    let description =
      switch action {
      case .todos(.element(let id, let action)): "todos[#\(id)].\(action)"
      default: "\(action)"
      }
    // Without the module and namespace prefixes Swift prints nested types with.
    return [
      "statecraft_demo.TodosDemo.", "Statecraft.", "ChartFeatureAction<SyncEvent>", "SyncEvent.", "DetailAction.",
    ]
    .reduce(description) { $0.replacing($1, with: "") }
  }

  static func describe(_ state: App) -> String {
    let todos = state.todos.map { todo in
      "#\(todo.id) \(todo.isDone ? "☑" : "☐") \(todo.title) (\(todo.sync.snapshot.configuration.map { "\($0)" }.joined()))"
    }
    let detail = state.detail.map { " | detail of #\($0.todoID): \"\($0.draft)\", \($0.autosaves) autosaves" } ?? ""
    return "[" + todos.joined(separator: ", ") + "]" + detail
  }
}
