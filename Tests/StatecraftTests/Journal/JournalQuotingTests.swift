import Foundation
import Testing

@testable import StatecraftJournal

/// The journal writes strings (call sites, diagnostics) as JSON by hand: each must read back as
/// itself.
@Suite("Journal quoting")
struct JournalQuotingTests {
  @Test(arguments: [
    "App/TodosView.swift:42:9", #"say "hi""#, #"back\slash"#, "line\nbreak\ttab\rreturn",
    "bell \u{07} and nul \u{00}", "ünïcödé ✓ 🙂", "",
  ])
  func aQuotedStringDecodesToItself(text: String) throws {
    let decoded = try JSONDecoder().decode(String.self, from: Data(quoted(text).utf8))
    #expect(decoded == text)
  }
}
