#if Durable
  /// What a batch of commits does, decided in queue order before anything is written, from what
  /// the store held in the batch's transaction: the event ids it had applied and the versions of
  /// the batch's instances (on PostgreSQL, the events as of the read's start and the versions as
  /// of the instances' locks; see `PostgresDurableStorage.batchReadStatement`). It decides each commit as ``DurableStorage/commit(_:)``
  /// would, one after the other in that transaction: an event id applied already (by the store,
  /// or by an earlier commit of the batch) is a duplicate with its result; a commit whose expected
  /// version is not the instance's version by then is a conflict; the others commit, each moving
  /// its instance's version on, so that two steps of one instance in a row both commit.
  ///
  /// A storage then writes the winners with one statement a table: each instance's row once
  /// (the last winner's, guarded by the version the first one expected), every winner's event,
  /// journal line and outputs in queue order, and the last winner's active states and timer.
  package struct DurableBatchPlan {
    /// An instance: its definition and id, compared by their bytes, as the database's keys are
    /// (Swift's `String` equality would make two spellings of one accented letter one instance).
    package struct Instance: Hashable {
      package var definition: String
      package var id: String

      package init(definition: String, id: String) {
        self.definition = definition
        self.id = id
      }

      package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.definition.utf8.elementsEqual(rhs.definition.utf8) && lhs.id.utf8.elementsEqual(rhs.id.utf8)
      }

      package func hash(into hasher: inout Hasher) {
        hashBytes(of: definition, into: &hasher)
        hashBytes(of: id, into: &hasher)
      }
    }

    /// An event id applied to an instance, compared by its bytes as ``Instance`` is.
    package struct AppliedEvent: Hashable {
      package var instance: Instance
      package var eventID: String

      package init(instance: Instance, eventID: String) {
        self.instance = instance
        self.eventID = eventID
      }

      package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.instance == rhs.instance && lhs.eventID.utf8.elementsEqual(rhs.eventID.utf8)
      }

      package func hash(into hasher: inout Hasher) {
        hasher.combine(instance)
        hashBytes(of: eventID, into: &hasher)
      }
    }

    /// An instance that winners move on: the version the store holds, which its row's update
    /// expects, and the last winner, whose row, states and timer it ends with.
    package struct Update: Equatable {
      package var instance: Instance
      package var storedVersion: Int64
      package var last: Int

      package init(instance: Instance, storedVersion: Int64, last: Int) {
        self.instance = instance
        self.storedVersion = storedVersion
        self.last = last
      }
    }

    /// Each commit's outcome, in the batch's order.
    package private(set) var outcomes: [DurableCommitOutcome] = []
    /// The indices of the commits that commit, in the batch's order.
    package private(set) var winners: [Int] = []
    /// One for each instance a winner moves on, in the order of its first winner.
    package private(set) var updates: [Update] = []

    /// Decides `commits`, given the results of the events the store had applied (`applied`) and
    /// the versions of the instances it holds (`versions`; an instance it lacks conflicts).
    package init(_ commits: [DurableCommit], applied: [AppliedEvent: String], versions: [Instance: Int64]) {
      var applied = applied
      var versions = versions
      var updateIndex: [Instance: Int] = [:]
      outcomes.reserveCapacity(commits.count)
      for (index, commit) in commits.enumerated() {
        let instance = Instance(definition: commit.row.definition, id: commit.row.id)
        let event = AppliedEvent(instance: instance, eventID: commit.eventID)
        if let result = applied[event] {
          outcomes.append(.duplicate(result: result))
          continue
        }
        guard let version = versions[instance], version == commit.expectedVersion else {
          outcomes.append(.conflict)
          continue
        }
        outcomes.append(.committed)
        winners.append(index)
        applied[event] = commit.result
        versions[instance] = commit.row.version
        if let known = updateIndex[instance] {
          updates[known].last = index
        } else {
          updateIndex[instance] = updates.count
          updates.append(Update(instance: instance, storedVersion: version, last: index))
        }
      }
    }

    /// The instances and applied events a batch's plan needs read first.
    package static func reads(of commits: [DurableCommit]) -> (instances: [Instance], events: [AppliedEvent]) {
      var instances: [Instance] = []
      var events: [AppliedEvent] = []
      var seenInstances = Set<Instance>()
      var seenEvents = Set<AppliedEvent>()
      for commit in commits {
        let instance = Instance(definition: commit.row.definition, id: commit.row.id)
        if seenInstances.insert(instance).inserted { instances.append(instance) }
        let event = AppliedEvent(instance: instance, eventID: commit.eventID)
        if seenEvents.insert(event).inserted { events.append(event) }
      }
      return (instances, events)
    }
  }

  /// Feeds `string`'s UTF-8 bytes to `hasher`, its length first, so that two strings hash apart
  /// exactly when their bytes differ.
  private func hashBytes(of string: String, into hasher: inout Hasher) {
    hasher.combine(string.utf8.count)
    for byte in string.utf8 { hasher.combine(byte) }
  }
#endif
