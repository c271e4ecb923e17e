/// Where a front-end whose state type need not be `Sendable` publishes its states: a
/// ``StateBroadcast``, seen through a protocol so that the front-end can hold it without
/// requiring `Sendable` of every state.
protocol StatePublisher<Value>: AnyObject {
  associatedtype Value
  func publish(_ value: Value)
}

extension StateBroadcast: StatePublisher {
  func publish(_ value: State) { send(value) }
}
