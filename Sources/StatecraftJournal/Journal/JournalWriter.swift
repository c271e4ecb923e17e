import DequeModule
import StatecraftEngine

/// What a journal has written, and where: the value its lock guards.
struct JournalWriter: ~Copyable {
  var header: JournalHeader
  private var file: JournalFile?
  /// A memory journal's lines, oldest first, each with the step it belongs to.
  private var memory: Deque<(step: Int, line: String, state: String?)> = []
  private let lastSteps: Int?
  private(set) var droppedSteps = 0
  /// The state after the newest step, as JSON, and the one before it: the `start` of a new file.
  private var latestState: String?
  private var previousState: String?
  /// The state before the oldest kept step of a memory journal.
  private var startState: String?
  private var step = 0
  private var pending: (message: String, callSite: String?)?
  private var firstTime: ContinuousClock.Instant?

  init(header: JournalHeader, destination: JournalDestination) throws(JournalError) {
    self.header = header
    switch destination.kind {
    case .memory(let lastSteps):
      self.lastSteps = lastSteps
    case .file(let path, let maxBytes, let keep):
      self.lastSteps = nil
      file = try JournalFile(path: path, maxBytes: maxBytes, keep: keep)
      file!.write(header.line, isStep: false)
      try file!.flush()
    }
  }

  /// Writes what `record` adds to the journal, and returns the lines written.
  mutating func take(
    _ record: InspectionRecord, encoding encode: (InspectedValue, Bool) throws -> String
  ) throws -> [String] {
    let start = firstTime ?? record.time
    firstTime = start
    let time = seconds(start.duration(to: record.time))
    var lines: [String] = []
    if record.droppedBefore > 0 {
      lines.append(#"{"type":"dropped","step":\#(step),"time":\#(time),"records":\#(record.droppedBefore)}"#)
      // The message of the step being recorded may be among what was dropped, or its state update
      // may be: the next step starts afresh.
      pending = nil
    }
    switch record.kind {
    case .received(let message):
      // A step's first message is what started it; a chart's later ones are what it raised or
      // sent itself within the step, which replaying the first reproduces.
      if pending == nil { pending = (try encode(message, false), record.callSite.map { "\($0)" }) }
    case .stateUpdated(let before, let after):
      if latestState == nil {
        let state = try encode(before, true)
        latestState = state
        startState = state
        lines.append(#"{"type":"start","step":0,"time":0,"state":\#(state)}"#)
      }
      step += 1
      let state = try encode(after, true)
      let message = pending?.message ?? "null"
      let callSite = pending?.callSite.map { #","callSite":\#(quoted($0))"# } ?? ""
      pending = nil
      lines.append(
        #"{"type":"step","step":\#(step),"time":\#(time),"message":\#(message)\#(callSite),"state":\#(state)}"#)
      previousState = latestState
      latestState = state
      try write(lines, lastStep: true)
      return lines
    case .effectStarted(let effect): lines.append(effectLine("effectStarted", effect, time))
    case .effectFinished(let effect): lines.append(effectLine("effectFinished", effect, time))
    case .effectCancelled(let effect): lines.append(effectLine("effectCancelled", effect, time))
    case .diagnostic(let diagnostic):
      let callSite = diagnostic.callSite.map { #","callSite":\#(quoted("\($0)"))"# } ?? ""
      lines.append(
        #"{"type":"diagnostic","step":\#(step),"time":\#(time),"kind":\#(quoted(diagnostic.kind.name)),"message":\#(quoted(diagnostic.message))\#(callSite)}"#
      )
    }
    try write(lines, lastStep: false)
    return lines
  }

  /// Writes `lines`, the last of them a step's when `lastStep`, rolling or trimming first.
  private mutating func write(_ lines: [String], lastStep: Bool) throws(JournalError) {
    guard !lines.isEmpty else { return }
    if file != nil {
      if lastStep, file!.isFull {
        droppedSteps += try file!.roll()
        header.droppedSteps = droppedSteps
        header.firstStep = step
        file!.write(header.line, isStep: false)
        file!.write(
          #"{"type":"start","step":\#(step - 1),"time":0,"state":\#(previousState ?? "null")}"#,
          isStep: false)
      }
      for (index, line) in lines.enumerated() {
        file!.write(line, isStep: lastStep && index == lines.count - 1)
      }
      return
    }
    for (index, line) in lines.enumerated() {
      let isStep = lastStep && index == lines.count - 1
      memory.append((step, line, isStep ? latestState : nil))
    }
    guard lastStep, let lastSteps, step - droppedSteps > lastSteps else { return }
    // Trim the oldest step, and what happened after it until the next: the start state becomes
    // its state.
    let oldest = droppedSteps + 1
    while let first = memory.first, first.step <= oldest {
      if let state = first.state { startState = state }
      memory.removeFirst()
    }
    droppedSteps += 1
  }

  /// A memory journal's lines: its header, the state before its oldest kept step, and the rest.
  func memoryContents() -> String {
    var header = header
    header.droppedSteps = droppedSteps
    header.firstStep = droppedSteps + 1
    var lines = [header.line]
    if let startState {
      lines.append(#"{"type":"start","step":\#(droppedSteps),"time":0,"state":\#(startState)}"#)
    }
    lines += memory.lazy.map(\.line).filter { !$0.hasPrefix(#"{"type":"start""#) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the lines taken since the last flush to the file, in one write.
  mutating func flush() throws(JournalError) {
    try file?.flush()
  }

  mutating func close() {
    file?.close()
  }

  private func effectLine(_ type: String, _ effect: InspectedEffect, _ time: Double) -> String {
    let id = effect.id.map { #","id":\#(quoted("\($0.base)"))"# } ?? ""
    let callSite = effect.callSite.map { #","callSite":\#(quoted("\($0)"))"# } ?? ""
    return #"{"type":"\#(type)","step":\#(step),"time":\#(time),"effect":\#(effect.number)\#(id)\#(callSite)}"#
  }
}

/// `duration` in seconds.
private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `text` as a JSON string: quotes, backslashes and control characters escaped, as RFC 8259 asks.
/// By hand: `JSONEncoder` is far slower for the short strings a record carries (call sites,
/// diagnostics, effect ids).
func quoted(_ text: String) -> String {
  var result = "\""
  result.reserveCapacity(text.utf8.count + 2)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
