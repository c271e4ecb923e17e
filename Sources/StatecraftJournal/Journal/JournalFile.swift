#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a journal appends lines to, rolled by size: POSIX calls, so that the journal needs
/// nothing of Foundation beyond its JSON coders.
struct JournalFile {
  let path: String
  let maxBytes: Int?
  let keep: Int
  private var descriptor: Int32 = -1
  /// Bytes written to the current file, or waiting for the next flush.
  private(set) var bytes = 0
  /// Lines appended and not yet written.
  private var buffer: [UInt8] = []
  /// Whether a failed write left part of a line in the file: the next write ends it first, so
  /// that the lines after it are whole lines of their own.
  private var endsMidLine = false
  /// How many steps each file holds, newest first: the current file, then `path.1`, …
  private(set) var stepsPerFile: [Int] = [0]

  init(path: String, maxBytes: Int?, keep: Int) throws(JournalError) {
    self.path = path
    self.maxBytes = maxBytes
    self.keep = keep
    try open()
  }

  private mutating func open() throws(JournalError) {
    descriptor = systemOpen(path)
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    bytes = 0
    endsMidLine = false
  }

  /// Appends `line` and a newline to what the next ``flush()`` writes.
  mutating func write(_ line: String, isStep: Bool) {
    let count = buffer.count
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    bytes += buffer.count - count
    if isStep { stepsPerFile[0] += 1 }
  }

  /// Writes the lines appended since the last flush: one system call for a batch of lines.
  mutating func flush() throws(JournalError) {
    defer { buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20) }
    guard !buffer.isEmpty else { return }
    if endsMidLine { buffer.insert(UInt8(ascii: "\n"), at: 0) }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else {
        if written < 0 && errno == EINTR { continue }
        // The lines from here on are lost; a line cut here is ended by the next write.
        endsMidLine = offset > 0 && buffer[offset - 1] != UInt8(ascii: "\n") || endsMidLine && offset == 0
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      offset += written
    }
    endsMidLine = false
  }

  /// Whether the current file reached its size, and the next step should begin a new one.
  var isFull: Bool { maxBytes.map { bytes >= $0 } ?? false }

  /// Starts a new file, and returns how many steps the file it dropped held.
  mutating func roll() throws(JournalError) -> Int {
    try flush()
    _ = systemClose(descriptor)
    var dropped = 0
    // The oldest file goes: overwritten by the one before it, or, alone, emptied below.
    if stepsPerFile.count == keep { dropped = stepsPerFile.removeLast() }
    for index in stride(from: stepsPerFile.count - 1, through: 0, by: -1) {
      _ = rename(index == 0 ? path : rolledPath(index), rolledPath(index + 1))
    }
    stepsPerFile.insert(0, at: 0)
    try open()
    return dropped
  }

  private func rolledPath(_ index: Int) -> String { "\(path).\(index)" }

  /// Writes what is left, and closes the file. A failure to write is lost: `close` reports
  /// nothing, and the journal's last write has reported it already.
  mutating func close() {
    try? flush()
    if descriptor >= 0 { _ = systemClose(descriptor) }
    descriptor = -1
  }
}

private func systemOpen(_ path: String) -> Int32 {
  open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
