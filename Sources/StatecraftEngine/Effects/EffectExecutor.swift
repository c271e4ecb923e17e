/// The task executor an owner's own tasks prefer: its effects, its timers and the task that
/// processes what others sent it.
///
/// Owners capture it when they are created, as they capture their diagnostics handler. It is
/// `nil` in an app: tasks run on the global executor, or on the main actor for a main-actor owner.
/// `StatecraftTesting`'s `TestStore` sets it to an executor it controls, so that it can tell when
/// every effect has run as far as it can.
package enum EffectExecutor {
  /// The executor that owners created in the current task prefer for their tasks.
  @TaskLocal package static var preferred: (any TaskExecutor)? = nil
}
