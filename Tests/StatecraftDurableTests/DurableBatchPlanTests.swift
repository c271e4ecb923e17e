#if Durable
  import StatecraftDurable
  import Testing

  /// A batch's plan decides each commit as the commits would be decided one after the other.
  @Suite("Group commit: the batch's plan")
  struct DurableBatchPlanTests {
    typealias Instance = DurableBatchPlan.Instance

    static func commit(
      _ id: String, from expected: Int64, event: String, definition: String = "order"
    )
      -> DurableCommit
    {
      DurableCommit(
        row: DurableRow(
          definition: definition, id: id, version: expected + 1, snapshot: "\(id)@\(expected + 1)",
          activeStates: [], createdAt: 0),
        expectedVersion: expected, eventID: event, result: "\(event) result", journalLine: "",
        outputs: [], nextTimer: nil)
    }

    static let a = Instance(definition: "order", id: "a")

    @Test func twoStepsOfOneInstanceInARowBothCommitAndUpdateItOnce() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 0, event: "1"), Self.commit("a", from: 1, event: "2")],
        applied: [:], versions: [Self.a: 0])
      #expect(plan.outcomes == [.committed, .committed])
      #expect(plan.winners == [0, 1])
      #expect(plan.updates == [DurableBatchPlan.Update(instance: Self.a, storedVersion: 0, last: 1)])
    }

    @Test func stepsFromAStaleVersionConflict() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 4, event: "1"), Self.commit("a", from: 5, event: "2")],
        applied: [:], versions: [Self.a: 3])
      #expect(plan.outcomes == [.conflict, .conflict])
      #expect(plan.updates.isEmpty)
    }

    @Test func twoStepsFromOneVersionCommitTheFirstAndConflictTheSecond() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 0, event: "pay"), Self.commit("a", from: 0, event: "cancel")],
        applied: [:], versions: [Self.a: 0])
      #expect(plan.outcomes == [.committed, .conflict])
    }

    @Test func anEventIDAppliedEarlierInTheBatchIsADuplicateWithItsResult() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 0, event: "pay"), Self.commit("a", from: 0, event: "pay")],
        applied: [:], versions: [Self.a: 0])
      #expect(plan.outcomes == [.committed, .duplicate(result: "pay result")])
      #expect(plan.winners == [0])
    }

    @Test func anEventIDWhoseFirstStepConflictedIsDecidedOnItsOwn() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 7, event: "pay"), Self.commit("a", from: 0, event: "pay")],
        applied: [:], versions: [Self.a: 0])
      #expect(plan.outcomes == [.conflict, .committed])
    }

    @Test func anEventIDTheStoreAppliedIsADuplicateWhateverTheVersion() {
      let plan = DurableBatchPlan(
        [Self.commit("a", from: 9, event: "pay")],
        applied: [DurableBatchPlan.AppliedEvent(instance: Self.a, eventID: "pay"): "stored"], versions: [Self.a: 0])
      #expect(plan.outcomes == [.duplicate(result: "stored")])
    }

    @Test func anInstanceTheStoreLacksConflicts() {
      let plan = DurableBatchPlan([Self.commit("z", from: 0, event: "1")], applied: [:], versions: [:])
      #expect(plan.outcomes == [.conflict])
    }

    @Test func idsThatDifferInTheirBytesAreDifferentInstancesAndEventsAsInTheDatabase() {
      // One accented letter, spelled two ways: equal Strings, different keys to SQLite.
      let composed = "caf\u{E9}"
      let decomposed = "cafe\u{301}"
      #expect(composed == decomposed)
      let instances = [
        Self.commit(decomposed, from: 0, event: "1"), Self.commit(composed, from: 1, event: "1"),
      ]
      #expect(DurableBatchPlan.reads(of: instances).instances.count == 2)
      let twoRows = DurableBatchPlan(
        instances, applied: [:],
        versions: [Instance(definition: "order", id: decomposed): 0, Instance(definition: "order", id: composed): 1])
      #expect(twoRows.outcomes == [.committed, .committed])
      #expect(twoRows.updates.count == 2)
      let events = [Self.commit("a", from: 0, event: composed), Self.commit("a", from: 1, event: decomposed)]
      #expect(DurableBatchPlan.reads(of: events).events.count == 2)
      let twoEvents = DurableBatchPlan(events, applied: [:], versions: [Self.a: 0])
      #expect(twoEvents.outcomes == [.committed, .committed])
    }

    @Test func oneIDUnderTwoDefinitionsIsTwoInstances() {
      let commits = [
        Self.commit("a", from: 0, event: "1"), Self.commit("a", from: 0, event: "1", definition: "invoice"),
      ]
      let reads = DurableBatchPlan.reads(of: commits)
      #expect(reads.instances.count == 2)
      #expect(reads.events.count == 2)
      let plan = DurableBatchPlan(
        commits, applied: [:], versions: [Self.a: 0, Instance(definition: "invoice", id: "a"): 0])
      #expect(plan.outcomes == [.committed, .committed])
      #expect(plan.updates.count == 2)
    }
  }
#endif
