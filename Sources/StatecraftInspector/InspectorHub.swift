#if LiveInspector
  import DequeModule
  import StatecraftEngine

  /// What the server keeps for its pages: each owner's announcement and its last lines, the
  /// journals it can download, and the pages connected now, each fed through a bounded stream.
  ///
  /// The pump publishes; request handlers read and subscribe. Neither waits for a page: a page
  /// that reads slowly loses its oldest lines, and is told how many.
  final class InspectorHub: Sendable {
    struct Line: Sendable {
      let number: UInt64
      let owner: UInt64?
      /// An owner's announcement, kept for as long as the server runs.
      let isOwner: Bool
      let text: String
    }

    private struct Owner {
      var announcements: [Line] = []
      var history = Deque<Line>()
      var journal: JournalTap?
    }

    private struct Page {
      let continuation: AsyncStream<String>.Continuation
      var dropped: UInt64 = 0
      var droppedReported: UInt64 = 0
    }

    private struct State {
      var owners: [UInt64: Owner] = [:]
      /// The server's own lines, such as drop counts: only the last one matters.
      var lastServerLine: Line?
      var pages: [Int: Page] = [:]
      var nextPage = 0
      var isFinished = false
    }

    /// How many lines of each owner a page that connects later still sees.
    let historyLimit: Int
    /// How many lines wait for a page that reads slowly before its oldest are dropped.
    let pageBufferLimit: Int
    private let state = CriticalState(State())

    init(historyLimit: Int, pageBufferLimit: Int) {
      self.historyLimit = historyLimit
      self.pageBufferLimit = pageBufferLimit
    }

    func setJournal(_ journal: JournalTap, for owner: UInt64) {
      state.withLock { $0.owners[owner, default: Owner()].journal = journal }
    }

    /// Keeps `lines` and sends them to every page.
    func publish(_ lines: [Line]) {
      state.withLock { state in
        for line in lines {
          if let owner = line.owner {
            if line.isOwner {
              state.owners[owner, default: Owner()].announcements.append(line)
            } else {
              state.owners[owner, default: Owner()].history.append(line)
              if state.owners[owner]!.history.count > historyLimit {
                state.owners[owner]!.history.removeFirst()
              }
            }
          } else {
            state.lastServerLine = line
          }
        }
        for key in state.pages.keys {
          for line in lines {
            if case .dropped = state.pages[key]!.continuation.yield(line.text) {
              state.pages[key]!.dropped += 1
            }
          }
          let page = state.pages[key]!
          if page.dropped > page.droppedReported {
            state.pages[key]!.droppedReported = page.dropped
            _ = page.continuation.yield(
              #"{"number":0,"kind":"dropped","status":"page","count":\#(page.dropped)}"#)
          }
        }
      }
    }

    /// The lines numbered after `after`, in order: every owner's announcements and last lines.
    func lines(after: UInt64) -> [String] {
      state.withLock { Self.lines(after: after, in: $0) }
    }

    /// The lines after `after`, and a stream of every line published from now on, with nothing
    /// missed or repeated between them. The stream ends when the page goes or the server stops.
    func subscribe(after: UInt64) -> (lines: [String], stream: AsyncStream<String>) {
      let (stream, continuation) = AsyncStream.makeStream(
        of: String.self, bufferingPolicy: .bufferingNewest(pageBufferLimit))
      let (lines, key) = state.withLock { state -> ([String], Int?) in
        let lines = Self.lines(after: after, in: state)
        guard !state.isFinished else { return (lines, nil) }
        let key = state.nextPage
        state.nextPage += 1
        state.pages[key] = Page(continuation: continuation)
        return (lines, key)
      }
      if let key {
        continuation.onTermination = { [weak self] _ in
          _ = self?.state.withLock { $0.pages.removeValue(forKey: key) }
        }
      } else {
        continuation.finish()
      }
      return (lines, stream)
    }

    /// How many pages are connected now.
    var pageCount: Int { state.withLock { $0.pages.count } }

    /// The journal of `owner` if it was attached with one; otherwise the page's lines of it that
    /// the server still keeps, as JSON Lines. `nil` for an owner the server has not seen.
    func download(owner: UInt64) -> (bytes: [UInt8], isJournal: Bool)? {
      let found = state.withLock { state -> (JournalTap?, [String])? in
        guard let entry = state.owners[owner] else { return nil }
        return (entry.journal, (entry.announcements + entry.history).map(\.text))
      }
      guard let (journal, lines) = found else { return nil }
      if let journal { return (Array(journal.journal.contents()), true) }
      return (Array(lines.map { $0 + "\n" }.joined().utf8), false)
    }

    /// Ends every page's stream; pages that subscribe later get what is kept, and no stream.
    func finish() {
      let pages = state.withLock { state in
        state.isFinished = true
        defer { state.pages.removeAll() }
        return state.pages.values.map(\.continuation)
      }
      for page in pages { page.finish() }
    }

    private static func lines(after: UInt64, in state: State) -> [String] {
      var lines = state.owners.values.flatMap { $0.announcements + $0.history }
      if let server = state.lastServerLine { lines.append(server) }
      return lines.filter { $0.number > after }.sorted { $0.number < $1.number }.map(\.text)
    }
  }
#endif
