/// State that only the holder of an owner's processing right reads or writes, such as a running
/// machine's match cache or the side effects a later state may cancel. It needs no lock of its own.
///
/// ```swift
/// let cancellable = ProcessorLocal<[EffectHandle]>([])
/// // inside MessageProcessor.process(…), which holds the processing right:
/// cancellable.value.append(handle)
/// ```
// Unchecked, and safe: `value` is touched only by the holder of its owner's processing right (see
// `MailboxStateMachine`). The right passes from one holder to the next through the owner's lock:
// the holder that gives it up does so in a critical section that the next holder's critical
// section follows, so every access to `value` happens after the previous holder's last one.
@usableFromInline package final class ProcessorLocal<Value>: @unchecked Sendable {
  @usableFromInline package var value: Value

  @inlinable
  package init(_ value: Value) {
    self.value = value
  }
}
