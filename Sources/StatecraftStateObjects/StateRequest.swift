/// A request in a state-object machine's mailbox.
struct StateRequest: Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    case start
    case transition(to: any StateMachineState)
    case stop
  }

  var kind: Kind
  /// The visit of the state that asked, or `nil` for a call from outside the machine.
  var origin: StateActivation?

  init(_ kind: Kind, origin: StateActivation? = nil) {
    self.kind = kind
    self.origin = origin
  }

  var description: String {
    switch kind {
    case .start: "start()"
    case .transition(let state): "transition(to: \(type(of: state)))"
    case .stop: "stop()"
    }
  }
}
