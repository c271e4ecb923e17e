/// The identity of the running task, for code that must tell whether a call comes from the task
/// it is working in (a state's `enter()` calling its own machine) without a task-local.
///
/// `withUnsafeCurrentTask` gives an `UnsafeCurrentTask`, whose layout a client does not know:
/// keeping one, even as an optional, copies and destroys it through the runtime's value witnesses,
/// which cost a state-object transition a fifteenth of its time. Its hash is of the task's
/// address, and an `Int`: two tasks alive at once share one with a chance of one in 2⁶⁴.
package enum CurrentTask {
  /// The running task's hash, or `nil` outside a task. Compare it only while that task runs: once
  /// a task ends, another may take its address.
  @inlinable
  package static var hash: Int? { withUnsafeCurrentTask { $0?.hashValue } }
}
