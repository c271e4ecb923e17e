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
      var journal: JournalTap?
      /// The number of its newest line: owners idle longest are forgotten first.
      var lastNumber: UInt64 = 0
    }

    private struct Page {
      let continuation: AsyncStream<String>.Continuation
      var dropped: UInt64 = 0
      var droppedReported: UInt64 = 0
    }

    private struct State {
      var owners: [UInt64: Owner] = [:]
      /// Every owner's lines, oldest first, at most `historyLimit` of them in all.
      var history = Deque<Line>()
      /// The server's own lines, such as drop counts: only the last one matters.
      var lastServerLine: Line?
      var pages: [Int: Page] = [:]
      var nextPage = 0
      var isFinished = false
    }

    /// How many lines, of all owners together, a page that connects later still sees.
    let historyLimit: Int
    /// How many lines wait for a page that reads slowly before its oldest are dropped.
    let pageBufferLimit: Int
    /// How many owners the server remembers; those idle longest are forgotten first.
    let ownerLimit: Int
    private let state = CriticalState(State())

    init(historyLimit: Int, pageBufferLimit: Int, ownerLimit: Int = 1_000) {
      self.historyLimit = historyLimit
      self.pageBufferLimit = pageBufferLimit
      self.ownerLimit = ownerLimit
    }

    func setJournal(_ journal: JournalTap, for owner: UInt64) {
      state.withLock { $0.owners[owner, default: Owner()].journal = journal }
    }

    /// Keeps `lines` and sends them to every page.
    func publish(_ lines: [Line]) {
      state.withLock { state in
        for line in lines {
          guard let owner = line.owner else {
            state.lastServerLine = line
            continue
          }
          state.owners[owner, default: Owner()].lastNumber = line.number
          if line.isOwner {
            state.owners[owner]!.announcements.append(line)
          } else {
            state.history.append(line)
            if state.history.count > historyLimit { state.history.removeFirst() }
          }
        }
        if state.owners.count > ownerLimit { forgetIdleOwners(&state) }
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

    /// The lines numbered after `after`, in order: every owner's announcements and the lines
    /// kept.
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
    /// the server still keeps, as JSON Lines. `nil` for an owner the server does not know.
    func download(owner: UInt64) -> (bytes: [UInt8], isJournal: Bool)? {
      let found = state.withLock { state -> (JournalTap?, [String])? in
        guard let entry = state.owners[owner] else { return nil }
        let lines = entry.announcements + state.history.filter { $0.owner == owner }
        return (entry.journal, lines.map(\.text))
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

    /// Forgets the owners idle longest, down to three quarters of the limit, with their lines.
    private func forgetIdleOwners(_ state: inout State) {
      let keep = ownerLimit * 3 / 4
      let forgotten = Set(
        state.owners.sorted { $0.value.lastNumber < $1.value.lastNumber }
          .prefix(state.owners.count - keep).map(\.key))
      for owner in forgotten { state.owners[owner] = nil }
      state.history.removeAll { $0.owner.map(forgotten.contains) ?? false }
    }

    /// The owners' announcements and the history after `after`, merged in number order.
    private static func lines(after: UInt64, in state: State) -> [String] {
      let announcements = state.owners.values.flatMap(\.announcements)
        .filter { $0.number > after }.sorted { $0.number < $1.number }
      let firstKept = state.history.firstIndex { $0.number > after } ?? state.history.endIndex
      var merged: [String] = []
      merged.reserveCapacity(announcements.count + state.history.count - firstKept + 1)
      var next = announcements.startIndex
      for line in state.history[firstKept...] {
        while next < announcements.endIndex, announcements[next].number < line.number {
          merged.append(announcements[next].text)
          next += 1
        }
        merged.append(line.text)
      }
      merged += announcements[next...].map(\.text)
      if let server = state.lastServerLine, server.number > after { merged.append(server.text) }
      return merged
    }
  }
#endif
