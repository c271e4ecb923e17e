#if LiveInspector
  public import StatecraftEngine
  import StatecraftJournal
  import Foundation

  /// The ``Inspector`` that sends an owner's records to an ``InspectorServer``'s page. Get one from
  /// ``InspectorServer/inspector`` or ``InspectorServer/inspector(journaling:actions:keepingLastSteps:)``.
  ///
  /// ```swift
  /// let server = try await InspectorServer.start()
  /// store.attach(server.inspector)
  /// let chart = withInspector(server.inspector) { AsyncStatechartSequence(player) }
  /// ```
  ///
  /// Receiving a record only appends it to the server's bounded buffer: the owner never waits for
  /// the page.
  public struct LiveInspector: Inspector {
    let feed: InspectorFeed
    let journal: JournalTap?

    public func receive(_ record: InspectionRecord) {
      feed.append(InspectorFeed.Entry(record: record, journal: journal))
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

  /// A journal the page can download: any ``Journal``, whatever its types.
  protocol DownloadableJournal: Inspector {
    func contents() -> Data
  }

  extension Journal: DownloadableJournal {}
#endif
