/// The effects that one ``Store/send(_:fileID:filePath:line:column:)`` started, including the effects of the actions they
/// fed back.
///
/// ```swift
/// enum FeedAction { case refresh, loaded([String]) }
///
/// let store = Store(initialState: [String]()) { (items: inout [String], action: FeedAction) -> Effect<FeedAction> in
///   switch action {
///   case .refresh:
///     return .run { send in await send(.loaded(["news"])) }
///   case .loaded(let loaded):
///     items = loaded
///     return .none
///   }
/// }
/// await store.send(.refresh).finish()   // waits for the refresh and everything it triggered
/// ```
///
/// A `send` whose reducer returned only synchronous effects has nothing to wait for: ``finish(isolation:)``
/// returns at once and ``isCancelled`` stays `false`.
///
/// Two tasks are equal when they track the same `send`'s effects. A `send` processed at once that
/// started no asynchronous effect tracks none, and all such tasks are equal.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let group: EffectGroup?

  @inlinable
  init(_ group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect of this `send` has finished or been cancelled. A cancelled effect
  /// counts as finished at once: it can deliver nothing, even if its operation still runs.
  ///
  /// Cancelling the task that waits cancels the effects, so that
  /// `.task { await store.send(.onAppear).finish() }` in SwiftUI ends them with the view.
  ///
  /// It waits on the caller's actor: waiting from the main actor costs no executor hop.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.finish(isolation: isolation)
    } onCancel: {
      group.cancel()
    }
  }

  /// Cancels every effect of this `send`. They deliver nothing afterwards.
  public func cancel() {
    group?.cancel()
  }

  /// Whether ``cancel()`` was called, or the waiting task of ``finish(isolation:)`` was cancelled.
  public var isCancelled: Bool {
    group?.isCancelled ?? false
  }
}
