import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Effect: composition", .timeLimit(.minutes(1)))
struct EffectCompositionTests {
  enum Action: Sendable, Equatable {
    case run(Tag)
    case log(String)
  }

  enum Tag: Sendable, Equatable {
    case sequence, merge, mapped, priority
  }

  static func makeStore(
    _ effect: @escaping @MainActor (Tag) -> Effect<Action>
  ) -> Store<[String], Action, Void> {
    Store(initialState: []) { (log: inout [String], action: Action) in
      switch action {
      case .run(let tag): return effect(tag)
      case .log(let entry):
        log.append(entry)
        return .none
      }
    }
  }

  /// `.sequence` runs its children one after another, as SwiftTea's documentation says (SwiftTea
  /// library ran them concurrently). The second child opens a gate the first waits on: had they
  /// run concurrently, the first would have logged after the second.
  @Test func sequenceRunsChildrenOneAfterAnother() async {
    let gate = Gate()
    let store = Self.makeStore { _ in
      .sequence([
        .send(.log("sync 1")),
        .run { send in
          await send(.log("first child"))
        },
        .run { send in
          gate.open()
          await send(.log("second child"))
        },
        .run { send in
          await gate.wait()
          await send(.log("third child, after the second"))
        },
        .send(.log("sync 2")),
      ])
    }
    await store.send(.run(.sequence)).finish()
    #expect(
      store.state == [
        "sync 1", "first child", "second child", "third child, after the second", "sync 2",
      ])
  }

  @Test func mergeRunsChildrenConcurrently() async {
    let gate = Gate()
    let store = Self.makeStore { _ in
      .merge(
        .run { send in
          await gate.wait()
          await send(.log("waited"))
        },
        .run { send in
          await send(.log("opened"))
          gate.open()
        }
      )
    }
    await store.send(.run(.merge)).finish()
    #expect(store.state == ["opened", "waited"])
  }

  @Test func mapEmbedsAChildEffectInAParent() async {
    enum Child: Sendable { case a, b, c, failed }
    let child: Effect<Child> = .merge(
      .send(.a),
      .task { .b },
      .run { _ in throw CancellationError() },
      .run { _ in
        struct Boom: Error {}; throw Boom()
      } catch: { _, send in
        await send(.failed)
      },
      Effect.task { .c }.cancellable(id: "child", cancelInFlight: true)
    )
    let store = Self.makeStore { _ in child.map { .log("child \($0)") } }
    await store.send(.run(.mapped)).finish()
    #expect(store.state.first == "child a")
    #expect(Set(store.state) == ["child a", "child b", "child c", "child failed"])
  }

  /// SwiftTea's effects had no priority.
  @Test(.tags(.replacedLibraryDefect))
  func runUsesTheRequestedPriority() async {
    let seen = Log<TaskPriority>()
    let store = Self.makeStore { _ in
      .merge(
        .run(priority: .high) { _ in seen.append(Task.currentPriority) },
        Effect.run(priority: .low) { _ in seen.append(Task.currentPriority) }
          .cancellable(id: "low")
      )
    }
    await store.send(.run(.priority)).finish()
    #expect(Set(seen.all.map(\.rawValue)) == [TaskPriority.high.rawValue, TaskPriority.low.rawValue])
  }

  /// A store skips an effect by its stored `isNone`, without looking at the operation: only `.none`
  /// may claim it, or a store would drop real work.
  @Test func onlyNoneIsSkippedAsNothing() async {
    #expect(Effect<Action>.none.isNone)
    #expect(!Effect<Action>.send(.log("a")).isNone)
    #expect(!Effect<Action>.merge().isNone)
    #expect(Effect<Action>.none.map { $0 }.isNone)
    let store = Self.makeStore { _ in Effect<Action>.send(.log("mapped")).map { $0 } }
    await store.send(.run(.mapped)).finish()
    #expect(store.state == ["mapped"])
  }

  /// SwiftTea's `Effect` was not `Sendable`.
  @Test("`Effect` and `StoreTask` are `Sendable`", .tags(.replacedLibraryDefect))
  func effectIsSendable() {
    func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(requireSendable(Effect<Action>.self))
    #expect(requireSendable(StoreTask.self))
  }
}
