#if Durable
  import Foundation
  import Statecraft
  @testable import StatecraftDurable
  import StatecraftJournal
  import StatecraftTesting
  import Testing

  /// One chart, run by the three runners that run charts: a running chart, a chart inside a store,
  /// and a durable chart. Each failure is reported by all three with the same kind, words, error
  /// and call site; only the source, which names the runner, differs.
  @MainActor
  @Suite("One chart, three runners")
  struct ChartRunnersTests {
    enum Job: String, Codable, Hashable, Sendable { case idle, looping, fetching, broken }
    enum JobEvent: String, Codable, Hashable, Sendable { case fail, loop, fetch }
    struct Tally: Codable, Equatable, Sendable { var loops = 0 }
    struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

    /// Where each failure of the chart is written, for the reports to point at.
    static let throwingActionLine: UInt = #line + 6
    static let loopLine: UInt = #line + 11
    static let invokeLine: UInt = #line + 13

    static let chart = Statechart<Job, JobEvent, Tally>("job", initial: .idle, context: Tally()) {
      StateNode(.idle) {
        OnEvent(.fail, actions: [.assign { _ in throw Boom() }])
        OnEvent(.loop, target: .looping)
        OnEvent(.fetch, target: .fetching)
      }
      StateNode(.looping) {
        // Re-enters its own state for ever: no action makes its guard false.
        Always(target: .looping, guard: { _ in true }, actions: [.assign { $0.loops += 1 }])
      }
      StateNode(.fetching) {
        Invoke("fetch", run: { _ in throw Boom() })
      }
      StateNode(.broken)
    }

    static let schema = SnapshotSchema<ChartSnapshot<Job, JobEvent, Tally>>("job")

    /// A report as it can be compared across runners: what it is, what it says, where, and the
    /// error it carries.
    struct Report: Equatable, CustomStringConvertible {
      var kind: String
      var message: String
      var file: String?
      var line: UInt?
      var error: String?

      init(_ diagnostic: Diagnostic) {
        kind = diagnostic.kind.name
        message = diagnostic.message
        file = diagnostic.callSite.map { "\($0.fileID)" }
        line = diagnostic.callSite?.line
        error = diagnostic.error.map { "\(type(of: $0)): \($0)" }
      }

      var description: String { "\(kind) at \(file ?? "?"):\(line ?? 0) [\(error ?? "-")] \(message)" }
    }

    /// What the running chart reports for `event`.
    func runningChart(_ event: JobEvent) async -> [Report] {
      let recorder = DiagnosticRecorder()
      let chart = DiagnosticHandler.$current.withValue(recorder.handler) {
        AsyncStatechartSequence(Self.chart, clock: ContinuousClock())
      }
      await chart.send(event)
      await chart.waitUntilIdle()
      return recorder.diagnostics.map(Report.init)
    }

    struct Host: Equatable { var job: ChartFeature<Job, JobEvent, Tally> }

    /// What a chart inside a store reports for `event`.
    func chartInAStore(_ event: JobEvent) async -> [Report] {
      let recorder = DiagnosticRecorder()
      let store = DiagnosticHandler.$current.withValue(recorder.handler) {
        Store(
          initialState: Host(job: ChartFeature(Self.chart)),
          reducer: Reduce<Host, HostAction>.empty.chart(\.job, action: \.job, Self.chart, clock: ContinuousClock()))
      }
      await store.send(.job(.event(event))).finish()
      return recorder.diagnostics.map(Report.init)
    }

    /// What a durable chart reports for `event`.
    func durableChart(_ event: JobEvent) async throws -> [Report] {
      let database = SQLiteTestDatabase()
      defer { Task { try? await database.close() } }
      let recorder = DiagnosticRecorder()
      let storage = try await database.storage()
      let jobs = DiagnosticHandler.$current.withValue(recorder.handler) {
        DurableCharts(Self.chart, schema: Self.schema, storage: storage)
      }
      try await jobs.create("job-1")
      try await jobs.send(event, to: "job-1")
      await jobs.settleInvocations()
      #expect(recorder.diagnostics.allSatisfy { $0.source.contains("instance 'job-1'") })
      return recorder.diagnostics.map(Report.init)
    }

    @Test(arguments: [JobEvent.fail, .loop, .fetch])
    func everyRunnerReportsAFailureWithTheSameWordsErrorAndCallSite(event: JobEvent) async throws {
      let running = await runningChart(event)
      let inAStore = await chartInAStore(event)
      let durable = try await durableChart(event)
      #expect(running.count == 1, "\(running)")
      #expect(inAStore == running)
      #expect(durable == running)
      let expected: (kind: String, line: UInt, error: String) =
        switch event {
        case .fail: ("actionFailed", Self.throwingActionLine, "Boom: boom")
        case .loop: ("actionFailed", Self.loopLine, "ChartLivelock")
        case .fetch: ("effectFailed", Self.invokeLine, "Boom: boom")
        }
      let report = try #require(running.first)
      #expect(report.kind == expected.kind)
      #expect(report.line == expected.line)
      #expect(report.file == "StatecraftDurableTests/ChartRunnersTests.swift")
      #expect(report.error?.hasPrefix(expected.error) == true)
    }

    /// A livelock is no action's error: every runner says what looped, never that an action threw.
    @Test func aLivelockIsReportedAsALivelockByEveryRunner() async throws {
      for reports in [await runningChart(.loop), await chartInAStore(.loop), try await durableChart(.loop)] {
        #expect(reports.first?.message.hasPrefix("job: The chart's eventless transitions ran") == true)
        #expect(reports.first?.message.contains("threw") == false)
      }
    }
  }

  @CaseRoutable
  enum HostAction: Sendable {
    case job(ChartFeatureAction<ChartRunnersTests.JobEvent>)
  }
#endif
