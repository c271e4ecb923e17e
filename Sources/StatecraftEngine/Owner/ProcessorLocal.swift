/// State that only the holder of an owner's processing right reads or writes, such as a running
/// machine's match cache or the side effects a later state may cancel. It needs no lock of its own.
///
/// <!-- sample: skip -->
/// ```swift
/// let cancellable = ProcessorLocal<[EffectHandle]>([])
/// cancellable.bind(to: core)   // once the owner's core exists
/// // inside MessageProcessor.process(…), which holds the processing right:
/// cancellable.value.append(handle)
/// ```
///
/// Debug builds check the promise: once bound to its owner's core, every access must come from
/// that core's processing (see `ProcessingRight`, a debug-only type).
// Unchecked, and safe: `value` is touched only by the holder of its owner's processing right (see
// `MailboxStateMachine`), which debug builds check. The right passes from one holder to the next
// through the owner's lock: the holder that gives it up does so in a critical section that the
// next holder's critical section follows, so every access to `value` happens after the previous
// holder's last one.
@usableFromInline package final class ProcessorLocal<Value>: @unchecked Sendable {
  @usableFromInline var storage: Value

  #if DEBUG
    /// The core whose processing may touch the value, once bound.
    // Safe without isolation: set once, by the front-end that makes the core, before it is
    // published.
    @usableFromInline nonisolated(unsafe) var owner: ObjectIdentifier?
  #endif

  @inlinable
  package init(_ value: Value) {
    self.storage = value
  }

  /// Ties the value to the core whose processing holds it, for debug builds to check.
  package func bind(to core: AnyObject) {
    #if DEBUG
      owner = ObjectIdentifier(core)
    #endif
  }

  /// Read and changed in place, through coroutines: a getter would copy the whole value to read
  /// one field of it.
  @inlinable
  package var value: Value {
    _read {
      checkHolder()
      yield storage
    }
    _modify {
      checkHolder()
      yield &storage
    }
  }

  @inlinable
  func checkHolder(file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
      guard let owner else { return }
      assert(
        ProcessingRight.holder.get() == owner,
        "state of the processor is touched only by the processing of its owner's messages",
        file: file, line: line)
    #endif
  }
}

#if DEBUG
  /// Whose processing the running code is: the core whose message a processor is processing.
  /// Debug builds only, for the checks of ``ProcessorLocal``.
  @usableFromInline
  enum ProcessingRight {
    @usableFromInline static let holder = TaskLocal<ObjectIdentifier?>(wrappedValue: nil)
  }
#endif
