import CStatecraftRuntime

/// The identity of the running task, for code that must tell whether a call comes from the task
/// it is working in (a state's `enter()` calling its own machine) without a task-local.
///
/// `withUnsafeCurrentTask` gives an `UnsafeCurrentTask`, whose layout a client does not know:
/// keeping one, even as an optional, copies and destroys it through the runtime's value witnesses,
/// and hashing it costs more. The task's address is what its `==` compares.
package enum CurrentTask {
  /// The address of the running task, or `nil` outside a task. Compare it only while that task
  /// runs: once a task ends, another may take its address.
  @inlinable
  package static var address: UnsafeRawPointer? { statecraft_current_task() }
}
