import DequeModule
import StatecraftEngine

/// What a journal has written, and where: the value its lock guards.
struct JournalWriter: ~Copyable {
  var header: JournalHeader
  private var file: JournalFile?
  /// A memory journal's lines, oldest first, each with the step it belongs to.
  private var memory: Deque<(step: Int, line: String)> = []
  /// A bounded memory journal's keyframes, oldest first: where it can cut its oldest steps.
  private var memoryKeyframes: Deque<(step: Int, state: String)> = []
  private let lastSteps: Int?
  private let keyframes: JournalKeyframes
  private let demand: StateDemand
  private(set) var droppedSteps = 0
  /// The state before the oldest kept step of a memory journal.
  private var startState: String?
  /// Whether the `start` line is written.
  private var started = false
  /// Whether the `start` line is written: a step's state is then written only at keyframes.
  var hasStarted: Bool { started }
  /// The bytes written since the last keyframe, and the last keyframe's own.
  private var bytesSinceKeyframe = 0
  private var keyframeBytes = 0
  /// The step of the last keyframe (0 for the start).
  private var keyframeStep = 0
  /// The steps written since the last keyframe.
  private var stepsSinceKeyframe = 0
  /// The keyframe a full file rolls at, before the next step's line: the state it starts with.
  private var rollingAt: (step: Int, state: String)?
  /// Whether the next step whose state is kept writes a keyframe.
  private var wantsKeyframe = false
  private var step = 0
  /// The message of the step being recorded (`nil` if replay cannot take it), its call site as a
  /// JSON string, and whether it is a chart's step of every timer due.
  private var pending: (message: String?, callSite: String?, firesEveryTimerDue: Bool)?
  /// Call sites as JSON strings, by where their file ID is and their line and column: a journal
  /// sees the same few call sites over and over.
  private var quotedCallSites: [CallSiteKey: String] = [:]
  private var firstTime: ContinuousClock.Instant?

  init(
    header: JournalHeader, destination: JournalDestination, keyframes: JournalKeyframes,
    demand: StateDemand
  ) throws(JournalError) {
    self.header = header
    self.keyframes = keyframes
    self.demand = demand
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
  mutating func take(_ record: InspectionRecord, encoding: some JournalEncoding) throws -> [String] {
    let start = firstTime ?? record.time
    firstTime = start
    let time = seconds(start.duration(to: record.time))
    var lines: [String] = []
    // The step a `dropped` line comes before: the next one recorded.
    let nextStep = step + 1
    if record.droppedBefore > 0 {
      lines.append(#"{"type":"dropped","step":\#(step),"time":\#(time),"records":\#(record.droppedBefore)}"#)
      // The message of the step being recorded may be among what was dropped, or its state update
      // may be: the next step starts afresh, and the steps after the gap replay from a keyframe,
      // asked for again even if one was asked for already: that request may be what was dropped.
      // A chart's step may have lost its first message and kept those it raised: the step under
      // way cannot be replayed.
      pending = encoding.stepsNeedClock ? (nil, nil, false) : nil
      wantsKeyframe = true
      demand.ask()
    }
    switch record.kind {
    case .received(let message):
      // A step's first message is what started it; a chart's later ones are what it raised or
      // sent itself within the step, which replaying the first reproduces.
      if pending == nil {
        // A message that does not encode leaves its step unreplayable, not the next message the
        // step received.
        pending = (nil, record.callSite.map { quotedCallSite($0) }, encoding.firesEveryTimerDue(message))
        pending?.message = try encoding.encodeMessage(message)
      }
    case .stateUpdated(let before, let after):
      var startsNow = false
      if !started {
        if before.isKept {
          started = true
          startsNow = true
          // No state kept while the start encodes: for a large state, that takes a while, and
          // every state the owner kept meanwhile would be a copy of it.
          demand.stepsBetween = .max
          let state = try encoding.encodeState(before)
          keyframeBytes = state.utf8.count
          // The start is the first keyframe. Until the steps are measured, the owner keeps a
          // state every budget's worth of steps of a guessed size.
          demand.stepsBetween = keyframeBudget / Self.guessedStepBytes
          if step == 0 {
            startState = state
            lines.append(#"{"type":"start","step":0,"time":0,"state":\#(state)}"#)
          } else {
            // A late start, the first steps' states having been dropped: a keyframe of the step
            // before this one.
            lines.append(#"{"type":"state","step":\#(step),"time":\#(time),"state":\#(state)}"#)
            if lastSteps != nil { memoryKeyframes.append((step, state)) }
            keyframeStep = step
            bytesSinceKeyframe = 0
            stepsSinceKeyframe = 0
          }
        } else {
          // No state to start from (its record was dropped): ask at every step until one comes.
          demand.ask()
        }
      }
      step += 1
      let message = pending?.message
      let callSite = pending?.callSite.map { #","callSite":\#($0)"# } ?? ""
      let firesEveryTimerDue = pending?.firesEveryTimerDue == true
      pending = nil
      let clock = encoding.clockTime(of: after)
      // A step with no message replay can take (a machine's start, a message of another type), or
      // a chart's step without its time, cannot be replayed: its state is a keyframe if it was
      // kept, and the next step's is asked for if not.
      let unreplayable = message == nil || encoding.stepsNeedClock && clock == nil
      // A chart's step is taken at its time: replay needs it, and whether it fired every timer
      // due. Only a step replay can take has them: a `null` message with a time is the clock's.
      var clockFields = ""
      if !unreplayable, let clock {
        clockFields = #","chartTime":[\#(clock.components.seconds),\#(clock.components.attoseconds)]"#
        if firesEveryTimerDue { clockFields += #","catchUp":true"# }
      }
      lines.append(
        #"{"type":"step","step":\#(step),"time":\#(time),"message":\#(message ?? "null")\#(callSite)\#(clockFields)}"#)
      stepsSinceKeyframe += 1
      var keyframe: String?
      if after.isKept, started, isKeyframe(unreplayable: unreplayable, startsNow: startsNow) {
        let state = try encoding.encodeState(after)
        keyframe = state
        lines.append(#"{"type":"state","step":\#(step),"time":\#(time),"state":\#(state)}"#)
      } else if unreplayable {
        wantKeyframe()
      }
      try write(lines, keyframe: keyframe, nextStep: nextStep)
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
    try write(lines, keyframe: nil, nextStep: nextStep)
    return lines
  }

  /// Whether a step whose states the owner kept writes a keyframe. An owner that keeps states for
  /// this journal alone keeps them only when asked or on its own count, which runs a little ahead
  /// of the journal's: such a state is a keyframe once half the count has passed. A state kept on
  /// the guessed count, before the journal had measured the state's size, may come much sooner
  /// than a large state's budget allows: it is not. With another inspector attached, the owner
  /// keeps every state, and the journal's count decides.
  private func isKeyframe(unreplayable: Bool, startsNow: Bool) -> Bool {
    if keyframes.stepBytes == 0 || unreplayable { return true }
    // The start, just written, is a keyframe already.
    if startsNow { return false }
    return wantsKeyframe || stepsSinceKeyframe >= demand.stepsBetween
      || demand.ownerSamples && !demand.always && stepsSinceKeyframe >= demand.stepsBetween / 2
  }

  /// `callSite` as a JSON string, made once for each call site.
  private mutating func quotedCallSite(_ callSite: CallSite) -> String {
    guard let key = CallSiteKey(callSite) else { return quoted("\(callSite)") }
    if let known = quotedCallSites[key] { return known }
    // A bound, for a journal of code that sends from ever new places (generated code).
    if quotedCallSites.count >= 4_096 { quotedCallSites.removeAll(keepingCapacity: true) }
    let made = quoted("\(callSite)")
    quotedCallSites[key] = made
    return made
  }

  /// The bytes of steps after which the next step writes a keyframe: the policy's, or twice the
  /// last keyframe's size if that is more, so that keyframes take at most about a third of the
  /// journal.
  private var keyframeBudget: Int { max(keyframes.stepBytes, 2 * keyframeBytes) }

  private static var startPrefix: String { #"{"type":"start","# }
  private static var statePrefix: String { #"{"type":"state","# }
  private static var stepPrefix: String { #"{"type":"step","# }
  private static var droppedPrefix: String { #"{"type":"dropped","# }

  /// The size of a step line, guessed before any is measured.
  static var guessedStepBytes: Int { 128 }

  /// Asks the owner for the states of its next step, to write a keyframe.
  private mutating func wantKeyframe() {
    guard !wantsKeyframe else { return }
    wantsKeyframe = true
    demand.ask()
  }

  /// Writes `lines`, the last of them the state line of a keyframe after `step` when `keyframe`
  /// holds its state; then rolls the file, or trims a memory journal, at a keyframe. A `dropped`
  /// line belongs to `nextStep`, the step after the gap.
  private mutating func write(_ lines: [String], keyframe: String?, nextStep: Int) throws(JournalError) {
    guard !lines.isEmpty else { return }
    if let keyframe {
      wantsKeyframe = false
      keyframeStep = step
      keyframeBytes = keyframe.utf8.count
      // The owner's own count of steps between keyframes: what the byte budget allows, at the
      // size the last steps took.
      if bytesSinceKeyframe > 0, stepsSinceKeyframe > 1 {
        let stepBytes = max(1, bytesSinceKeyframe / (stepsSinceKeyframe - 1))
        demand.stepsBetween = keyframeBudget / stepBytes
      }
      bytesSinceKeyframe = 0
      stepsSinceKeyframe = 0
    } else {
      // The steps' own lines: not the states of a start or a late start.
      for line in lines where !line.hasPrefix(Self.startPrefix) && !line.hasPrefix(Self.statePrefix) {
        bytesSinceKeyframe += line.utf8.count + 1
      }
      if bytesSinceKeyframe >= keyframeBudget { wantKeyframe() }
    }
    if file != nil {
      for line in lines {
        let isStep = line.hasPrefix(Self.stepPrefix)
        if isStep || line.hasPrefix(Self.droppedPrefix), let (start, state) = rollingAt.take() {
          // A file begins with the state before its first step: it rolls at a keyframe, when the
          // next step or gap comes.
          droppedSteps += try file!.roll()
          header.droppedSteps = droppedSteps
          header.firstStep = start + 1
          file!.write(header.line, isStep: false)
          file!.write(#"{"type":"start","step":\#(start),"time":0,"state":\#(state)}"#, isStep: false)
        }
        file!.write(line, isStep: isStep)
      }
      guard file!.isFull, rollingAt == nil else { return }
      if let keyframe { rollingAt = (step, keyframe) } else { wantKeyframe() }
      return
    }
    for line in lines { memory.append((line.hasPrefix(Self.droppedPrefix) ? nextStep : step, line)) }
    guard let lastSteps else { return }
    if let keyframe { memoryKeyframes.append((step, keyframe)) }
    // Cut at the newest keyframe that leaves `lastSteps` steps or more after it: the steps up to
    // it go, and its state becomes the start.
    var cut: (step: Int, state: String)?
    while let oldest = memoryKeyframes.first, step - oldest.step >= lastSteps {
      cut = memoryKeyframes.removeFirst()
    }
    if let cut, cut.step > droppedSteps {
      while let first = memory.first, first.step <= cut.step { memory.removeFirst() }
      startState = cut.state
      droppedSteps = cut.step
    }
    if step - keyframeStep >= lastSteps { wantKeyframe() }
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

/// A call site as a dictionary key: where its file ID's text is, which a string literal fixes, and
/// its line and column.
struct CallSiteKey: Hashable {
  let fileID: UInt
  let line: UInt
  let column: UInt

  /// `nil` for a file ID that is a single character, not text in the binary.
  init?(_ callSite: CallSite) {
    guard callSite.fileID.hasPointerRepresentation else { return nil }
    fileID = UInt(bitPattern: callSite.fileID.utf8Start)
    line = callSite.line
    column = callSite.column
  }
}

/// `text` as a JSON string: quotes, backslashes and control characters escaped, as RFC 8259 asks.
/// By hand: `JSONEncoder` is far slower for the short strings a record carries (call sites,
/// diagnostics, effect ids).
func quoted(_ text: String) -> String {
  // Most text needs no escape: one pass over its bytes finds out.
  if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
    return "\"" + text + "\""
  }
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
