// A counter whose state and actions are Codable: the feature that the journal examples record,
// replay, and turn into a test.

public import StatecraftJournal

public struct Counter: Codable, Equatable, Sendable {
  public var count = 0
  public var history: [Int] = []

  public init() {}
}

@CaseRoutable
public enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case decrement
  case reset
}

@MainActor public let counterReducer = Reduce<Counter, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .decrement: state.count -= 1
  case .reset: state.count = 0
  }
  state.history.append(state.count)
  return .none
}

/// How a counter is saved and journaled.
public let counterSchema = SnapshotSchema<Counter>("counter", version: 1)
