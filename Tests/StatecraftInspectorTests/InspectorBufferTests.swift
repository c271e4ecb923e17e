#if LiveInspector
  import Testing

  @testable import StatecraftEngine
  @testable import StatecraftInspector

  /// The two bounds that keep the app fast and its memory flat, whatever the page does.
  @Suite("Inspector buffers")
  struct InspectorBufferTests {
    @Test("The app's buffer keeps its newest records and counts the others")
    func feedIsBounded() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      for sequence in 1...1_000 {
        let record = InspectionRecord(
          owner: owner, sequence: UInt64(sequence), time: .now, kind: .received(InspectedValue(sequence)))
        feed.append(.init(record: record, journal: nil))
      }
      #expect(feed.count == 10)
      #expect(feed.droppedInAll == 990)
      let batch = try #require(await feed.next())
      #expect(batch.dropped == 990)
      #expect(batch.entries.map(\.record.sequence) == Array(991...1_000))
      #expect(feed.count == 0)
    }

    @Test("A page that does not read loses its oldest lines, and is told how many")
    func slowPageIsBounded() async throws {
      let hub = InspectorHub(historyLimit: 50, pageBufferLimit: 5)
      let (kept, stream) = hub.subscribe(after: 0)
      #expect(kept.isEmpty)
      for number in 1...100 {
        hub.publish([.init(number: UInt64(number), owner: 1, isOwner: false, text: "line \(number)")])
      }
      hub.finish()
      var received: [String] = []
      for await line in stream { received.append(line) }
      #expect(received.count == 5)
      #expect(received.last == #"{"number":0,"kind":"dropped","status":"page","count":95}"#)
      // What a page that connects now still sees: the owner's last 50 lines.
      #expect(hub.lines(after: 0).count == 50)
      #expect(hub.lines(after: 0).first == "line 51")
    }
  }
#endif
