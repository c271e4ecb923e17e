/// An SCXML event descriptor: a space-separated list of event names, each matching that name and
/// every name it prefixes at a dot (`error` matches `error.execution`), `*` matching every event.
/// A trailing `.*` is allowed and ignored (`error.*` is `error`), as the standard says.
@usableFromInline
struct EventDescriptor: Sendable {
  /// The descriptor as written.
  let text: String
  @usableFromInline let tokens: [Substring]
  @usableFromInline let matchesEverything: Bool

  /// A descriptor from its SCXML text.
  init(_ text: String) {
    self.text = text
    var tokens: [Substring] = []
    var everything = false
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      if token == "*" { everything = true; continue }
      var trimmed = token
      if trimmed.hasSuffix(".*") { trimmed = trimmed.dropLast(2) }
      if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
      tokens.append(trimmed)
    }
    self.tokens = tokens
    self.matchesEverything = everything
  }

  /// Whether the event named `name` matches.
  @inlinable
  func matches(_ name: String) -> Bool {
    if matchesEverything { return true }
    return tokens.contains { token in
      guard name.hasPrefix(token) else { return false }
      let rest = name.dropFirst(token.count)
      return rest.isEmpty || rest.first == "."
    }
  }

}
