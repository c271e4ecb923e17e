import Statecraft
import StatecraftTesting
import Testing

/// The engine's core, driven through a processor that adds each message to the state and can be
/// held inside a message, to stage what happens while the owner is busy.
@Suite("OwnerCore", .timeLimit(.minutes(1)))
struct OwnerCoreTests {
  /// Adds each message to the state. It holds message `held` until `release` opens, and records,
  /// for each message, whether the task that processed it was cancelled.
  struct Adder: MessageProcessor {
    var held: Int? = nil
    let holding = Gate()
    let release = Gate()
    let cancelledWhileProcessing = Log<(Int, Bool)>()
    var onProcess: @Sendable (Int, UInt64, OwnerCore<Int, Int>) async -> Void = { _, _, _ in }

    var ownIsolation: (any Actor)? { nil }

    func process(
      _ message: Int, number: UInt64, state: Int, callSite: CallSite?, origin: EffectHandle?,
      core: OwnerCore<Int, Int>, isolation: isolated (any Actor)?
    ) async -> OwnerCore<Int, Int>.Finished {
      if message == held {
        holding.open()
        await release.wait()
      }
      cancelledWhileProcessing.append((message, Task.isCancelled))
      await onProcess(message, number, core)
      return core.commit(state * 10 + message, finishing: true)!
    }
  }

  static func makeCore(_ handler: DiagnosticHandler = .current) -> OwnerCore<Int, Int> {
    DiagnosticHandler.$current.withValue(handler) {
      OwnerCore(state: 0, type: OwnerCoreTests.self, callSite: CallSite())
    }
  }

  /// A context is 176 heap bytes: an owner created outside every scope makes it only when
  /// something needs it.
  @Test func anOwnerCreatedOutsideEveryScopeMakesItsContextWhenItIsNeeded() {
    let core = OwnerCore<Int, Int>(state: 0, type: OwnerCoreTests.self, callSite: CallSite())
    #expect(!core.hasServices)
    #expect(!core.isInspected)
    #expect(core.executor == nil)
    #expect(!core.hasServices)
    let context = core.services
    #expect(core.hasServices)
    #expect(core.services === context)
    #expect(context.identity == core.identity)
  }

  /// Created later, the context still has what the owner's creation scope had: the standard
  /// handler, not the handler of the code that happens to need the context.
  @Test func aContextMadeLaterReportsToTheHandlerOfTheCreationScope() {
    let core = OwnerCore<Int, Int>(state: 0, type: OwnerCoreTests.self, callSite: CallSite())
    let recorder = DiagnosticRecorder()
    let context = DiagnosticHandler.$current.withValue(recorder.handler) { core.services }
    #expect(context.diagnostics.isStandard)
    #expect(!recorder.handler.isStandard)
  }

  /// An owner created under a handler, an inspector or a test executor captures them at once.
  @Test func anOwnerCreatedUnderAHandlerCapturesItAtOnce() {
    let recorder = DiagnosticRecorder()
    let core = Self.makeCore(recorder.handler)
    #expect(core.hasServices)
    core.services.report(.reentrantSend, "captured")
    #expect(recorder.diagnostics.map(\.message) == ["captured"])
  }

  /// Many threads asking for the context at once all get the same one.
  @Test func threadsRacingForTheContextGetTheSameOne() async {
    let core = OwnerCore<Int, Int>(state: 0, type: OwnerCoreTests.self, callSite: CallSite())
    let ids = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(core.services) } }
      return await group.reduce(into: Set()) { $0.insert($1) }
    }
    #expect(ids.count == 1)
  }

  /// The first engine still processed a cancelled side effect's event.
  @Test func aMessageFromAnEffectCancelledBeforeItsTurnIsDropped() async {
    let core = Self.makeCore()
    let adder = Adder(held: 1)
    let first = Task { await core.send(1, callSite: nil, inline: true, processor: adder) }
    await adder.holding.wait()
    // The effect's message is queued behind the one being processed, then the effect is cancelled.
    let effect = core.effects.start(callSite: nil) { _ in await CancellationProbe().waitForCancellation() }!
    core.post(2, callSite: nil, origin: effect, processor: adder)
    effect.cancel()
    adder.release.open()
    await first.value
    await core.send(3, callSite: nil, inline: true, processor: adder)
    #expect(core.ownerState == 13, "the cancelled effect's message 2 was processed")
  }

  /// In the first engine, one sender's cancellation reached another sender's event.
  @Test("Messages others queued run in the owner's task, never under the first sender's cancellation")
  func messagesThatOthersQueuedRunInTheOwnersOwnTask() async {
    let core = Self.makeCore()
    let adder = Adder(held: 1)
    let first = Task { await core.send(1, callSite: nil, inline: true, processor: adder) }
    await adder.holding.wait()
    core.post(2, callSite: nil, processor: adder)
    first.cancel()
    adder.release.open()
    await first.value
    await core.send(3, callSite: nil, inline: true, processor: adder)
    let seen = adder.cancelledWhileProcessing.all
    #expect(seen.map(\.0) == [1, 2, 3])
    #expect(seen.first { $0.0 == 2 }?.1 == false, "message 2 ran with its sender's cancellation")
    #expect(seen.first { $0.0 == 1 }?.1 == true, "the sender's own message ran outside its task")
  }

  @Test func aSendOnBehalfOfTheMessageBeingProcessedIsQueuedAndReported() async {
    let recorder = DiagnosticRecorder()
    let core = Self.makeCore(recorder.handler)
    var adder = Adder()
    adder.onProcess = { message, number, core in
      guard message == 1 else { return }
      await core.onBehalf(of: number) {
        // Waiting for 2 here would wait for itself: 2 comes after 1.
        await core.send(2, callSite: CallSite(), inline: true, processor: Adder())
      }
    }
    await core.send(1, callSite: nil, inline: true, processor: adder)
    await core.send(3, callSite: nil, inline: true, processor: adder)
    #expect(core.ownerState == 123)
    #expect(recorder.kinds == [.reentrantSend])
    #expect(recorder.diagnostics.first?.callSite?.fileID.description == "StatecraftTests/OwnerCoreTests.swift")
  }

  #if DEBUG  // critical sections are counted in debug builds only
    @Test func anIdleOwnerProcessesAMessageInTwoCriticalSections() async {
      let core = Self.makeCore()
      let adder = Adder()
      await core.send(1, callSite: nil, inline: true, processor: adder)
      let before = core.criticalSectionCount
      await core.send(2, callSite: nil, inline: true, processor: adder)
      #expect(core.criticalSectionCount - before == 2)
    }
  #endif

  /// An owner that starts no effect keeps no effect scope, and one nobody inspects keeps no
  /// inspectors: both are created on first use. Once closed, the scope starts nothing.
  @Test func theEffectScopeAndInspectorsAreCreatedOnFirstUse() async {
    let core = Self.makeCore()
    #expect(!core.hasEffectScope)
    #expect(!core.services.isInspected)
    core.services.attach(InspectionRecorder())
    #expect(core.services.isInspected)
    let scope = core.effects
    #expect(core.hasEffectScope)
    #expect(core.effects === scope, "a second use made a second scope")
    core.close()
    #expect(!core.hasEffectScope)
    #expect(scope.start(callSite: nil) { _ in } == nil, "closing the owner left its scope open")
    let started = core.effects.start(callSite: nil) { _ in }
    #expect(started == nil, "a closed owner started an effect")
  }

  /// The context keeps the effect scope, and the scope its context: a core released without
  /// `close()` must still cancel its effects, or both would outlive it with their tasks.
  @Test func releasingACoreWithoutClosingItCancelsItsEffects() {
    var core: OwnerCore<Int, Int>? = Self.makeCore()
    let handle = core?.effects.start(callSite: nil) { _ in
      let endless = AsyncStream<Never> { _ in }
      for await _ in endless {}  // runs until cancelled
    }
    #expect(handle?.isCancelled == false)
    core = nil
    #expect(handle?.isCancelled == true, "the released core's effect runs on")
  }

  @Test func anOwnerClosedBeforeItsFirstEffectStartsNone() {
    let core = Self.makeCore()
    core.close()
    #expect(core.effects.start(callSite: nil) { _ in } == nil, "a closed owner started an effect")
    #expect(!core.hasEffectScope)
  }

  @Test func closingResumesWhatWaitsAndEndsObservers() async {
    let core = Self.makeCore()
    let states = core.observe(final: -1, bufferingPolicy: nil)
    await core.send(4, callSite: nil, inline: true, processor: Adder())
    core.close()
    var seen: [Int] = []
    for await state in states { seen.append(state) }
    #expect(seen == [0, 4, -1])
    await core.send(5, callSite: nil, inline: true, processor: Adder())  // returns: nothing runs
    #expect(core.ownerState == 4)
  }
}
