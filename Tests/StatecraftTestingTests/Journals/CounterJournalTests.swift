// Replays counter.jsonl through the TestStore, every state change asserted. Written by
// `statecraft-journal test counter.jsonl`; keep the journal beside this file.

import Foundation
import StatecraftJournal
import StatecraftTesting
import Testing
@testable import CounterFeature

@Test("counter.jsonl replays")
@MainActor
func counterJournalReplays() async throws {
  let journal = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "counter.jsonl")
  try await assertJournalReplays(path: journal.path(), schema: counterSchema, reducer: counterReducer)
}
