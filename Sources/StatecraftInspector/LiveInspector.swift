#if LiveInspector
  public import StatecraftEngine
  import StatecraftJournal
  import Foundation

  /// The ``/StatecraftEngine/Inspector`` that sends an owner's records to an ``InspectorServer``'s page. Get one from
  /// ``InspectorServer/inspector`` or ``InspectorServer/inspector(journaling:actions:keepingLastSteps:)``.
  ///
  /// ```swift
  /// enum Charts {
  ///   static let light = Statechart<String, String, EmptyChartContext>(initial: "off") {
  ///     StateNode("off") { OnEvent("toggle", target: "on") }
  ///     StateNode("on") { OnEvent("toggle", target: "off") }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// let server = try await InspectorServer.start()
  /// store.attach(server.inspector)
  /// let chart = withInspector(server.inspector) { AsyncStatechartSequence(Charts.light) }
  /// await chart.send("toggle")
  /// ```
  ///
  /// Receiving a record only appends it to the server's bounded buffer: the owner never waits for
  /// the page. A store or a machine whose only inspector this is does not even make records for its
  /// steps: it writes them to a ring that the server drains (see `StepRing`).
  public struct LiveInspector: Inspector, StepReader {
    let feed: InspectorFeed
    let journal: JournalTap?

    /// Appends `record` to the server's bounded buffer, dropping the oldest record waiting there
    /// when it is full, and returns: the server describes it later, on its own task. Once the
    /// server has stopped, it keeps nothing.
    public func receive(_ record: InspectionRecord) {
      feed.append(InspectorFeed.Entry(record: record, journal: journal))
    }

    /// The server's buffer: how many records wait for a slow owner's delivery, and how many steps
    /// an owner's ring keeps.
    public var bufferLimit: Int { feed.limit }

    /// A store or a machine whose only inspector this is writes its steps to a ring, typed, which
    /// the server's pump drains: a step costs the owner a tick read, an atomic add, an atomic
    /// exchange and a copy.
    package func read(_ ring: AnyStepRing) {
      feed.adopt(ring, journal: journal)
    }
  }

  /// A journal an owner's records also go to, written by the server's pump, and what the page's
  /// download link serves.
  ///
  /// A class, so that an entry holding one is copied with a retain, not through an existential's
  /// value witnesses.
  final class JournalTap: Sendable {
    let journal: any DownloadableJournal

    init(journal: any DownloadableJournal) {
      self.journal = journal
    }
  }

  /// A journal the page can download: any ``/StatecraftJournal/Journal``, whatever its types.
  protocol DownloadableJournal: Inspector {
    func contents() -> Data
  }

  extension Journal: DownloadableJournal {}
#endif
