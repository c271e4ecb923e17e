import Testing

/// The parent of every suite that uses `withMainSerialExecutor`. That function sets a
/// process-wide flag, so the suites under it must run one at a time, never beside each other.
@Suite(.serialized)
struct MainSerialExecutorTests {}
