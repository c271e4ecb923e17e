/// The messages on whose behalf the running code works, to recognise a re-entrant send.
@usableFromInline
struct ProcessingChain: Sendable {
  /// One message of one owner.
  struct Message: Sendable {
    let core: ObjectIdentifier
    let number: UInt64
  }

  /// The innermost message, held inline, so that the common case, one owner's code working for
  /// one message (a state's `enter()`, a middleware), allocates nothing.
  let innermost: Message?
  /// The messages around it, outermost first: a middleware of one owner may send to another owner
  /// whose middleware sends back.
  let outer: [Message]

  /// Outside every message.
  static let none = ProcessingChain(innermost: nil, outer: [])

  @TaskLocal static var current = ProcessingChain.none

  /// This context with `message` inside it.
  func entering(_ message: Message) -> ProcessingChain {
    guard let innermost else { return ProcessingChain(innermost: message, outer: outer) }
    return ProcessingChain(innermost: message, outer: outer + [innermost])
  }

  /// The number of the message of `core` that the running code works for, if any.
  @usableFromInline
  static func number(in core: AnyObject) -> UInt64? {
    let id = ObjectIdentifier(core)
    let current = current
    if let innermost = current.innermost, innermost.core == id { return innermost.number }
    return current.outer.last { $0.core == id }?.number
  }

  /// Runs `body` outside every processing context: effects and timers start their tasks in it, so
  /// that what they send is never taken for a re-entrant send of the code that started them.
  static func outside<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if DEBUG
      // Nor are they the processing: debug builds check that they touch no processor state.
      if ProcessingRight.holder.get() != nil {
        return try ProcessingRight.holder.withValue(nil) { try outside(body) }
      }
    #endif
    guard current.innermost != nil else { return try body() }
    return try $current.withValue(.none, operation: body)
  }
}
