/// The source of a Swift Testing test that replays a journal through the `TestStore`: what
/// `swift run statecraft-journal test <file>` writes.
///
/// ```swift
/// let source = try JournalTestSource.make(
///   journalPath: "Tests/AppTests/Journals/crash.jsonl", reducer: "todosReducer")
/// print(source)
/// ```
///
/// The test finds the journal beside its own file, imports the module of the journal's state type
/// (`@testable`), and calls `assertJournalReplays`, which sends each recorded action and asserts
/// each state.
public enum JournalTestSource {
  /// The test for the journal at `journalPath`.
  ///
  /// - Parameters:
  ///   - journalPath: The journal file, as the test will find it beside itself.
  ///   - reducer: The expression of the reducer to replay onto, such as `todosReducer`.
  ///   - schema: The expression of the state's `SnapshotSchema`. By default, a schema of the
  ///     journal's definition and version, enough when the state has not changed version since.
  ///   - module: The module to import. By default, the one the journal's state type is in.
  public static func make(
    journalPath: String, reducer: String, schema: String? = nil, module: String? = nil
  ) throws(JournalError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(filePath: journalPath))
    } catch {
      throw .cannotRead(path: journalPath, reason: "\(error)")
    }
    let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
    guard let header = try? JSONDecoder().decode(JournalLine.self, from: firstLine),
      header.statecraft == "journal", let definition = header.definition,
      let stateType = header.stateType
    else { throw .notAJournal }
    let typeName = stateType.split(separator: ".").dropFirst().joined(separator: ".")
    let module = module ?? stateType.split(separator: ".").first.map(String.init) ?? ""
    let schema = schema ?? "SnapshotSchema<\(typeName)>(\(quoted(definition)), version: \(header.version ?? 1))"
    let file = journalPath.split(separator: "/").last.map(String.init) ?? journalPath
    let name = identifier(from: file)
    return """
      // Replays \(file) through the TestStore, every state change asserted. Written by
      // `statecraft-journal test \(file)`; keep the journal beside this file.

      import Foundation
      import StatecraftJournal
      import StatecraftTesting
      import Testing
      @testable import \(module)

      @Test("\(file) replays")
      @MainActor
      func \(name)Replays() async throws {
        let journal = URL(filePath: #filePath).deletingLastPathComponent().appending(path: \(quoted(file)))
        try await assertJournalReplays(path: journal.path(), schema: \(schema), reducer: \(reducer))
      }

      """
  }

  /// A lower-camel-case Swift identifier from a file name: `todos-crash.jsonl` → `todosCrashJournal`.
  private static func identifier(from file: String) -> String {
    let stem = file.split(separator: ".").first.map(String.init) ?? file
    let words = stem.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "journal" }
    let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    var name = first.prefix(1).lowercased() + first.dropFirst() + rest.joined() + "Journal"
    if name.first?.isNumber == true { name = "journal" + name }
    return name
  }

  private static func quoted(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
  }
}
