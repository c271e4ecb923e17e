/// An object that shows a state: a UIKit view controller on Apple platforms, or any class that
/// renders, such as a terminal view on Linux.
@MainActor
public protocol StateRendering<State>: AnyObject {
  associatedtype State: Sendable

  /// Shows `state`.
  func render(_ state: State)

  /// Shows the state its source has now.
  func renderCurrentState()
}
