import StatecraftEngine
import Testing

/// An effect's handle, driven directly: cancellation, and the link between a parent effect and the
/// children started from it.
@Suite("EffectHandle", .timeLimit(.minutes(1)))
struct EffectHandleTests {
  let context = OwnerServices(type: EffectHandleTests.self, callSite: CallSite())

  func handle() -> EffectHandle {
    EffectHandle(id: nil, group: nil, number: context.nextEffectNumber(), callSite: nil, context: context)
  }

  /// The first engine let the child of a cancelled `.cancellable` effect still deliver.
  @Test func cancellingAParentCancelsTheChildrenItAdoptedInTheSameCall() {
    let parent = handle()
    let child = handle()
    let grandchild = handle()
    #expect(parent.adopt(child))
    #expect(child.adopt(grandchild))
    parent.cancel()
    #expect(child.isCancelled, "the child was left to deliver after its parent was cancelled")
    #expect(grandchild.isCancelled)
  }

  @Test func aCancelledParentRefusesNewChildren() {
    let parent = handle()
    parent.cancel()
    #expect(!parent.adopt(handle()), "a child was linked to a cancelled parent, and would start")
  }

  @Test func cancellingIsDoneOnceAndNotAfterTheEffectReturned() async {
    let finished = handle()
    finished.finished()
    finished.cancel()
    #expect(!finished.isCancelled, "an effect that returned was marked cancelled")
    let cancelled = handle()
    cancelled.cancel()
    cancelled.cancel()
    #expect(cancelled.isCancelled && cancelled.isDone)
    await cancelled.completion()  // returns at once: a cancelled effect counts as done
  }

  @Test func aParentForgetsChildrenThatReturned() {
    let parent = handle()
    for _ in 0..<100 {
      let child = handle()
      #expect(parent.adopt(child))
      child.finished()
    }
    let last = handle()
    #expect(parent.adopt(last))
    parent.cancel()
    #expect(last.isCancelled)
  }
}
