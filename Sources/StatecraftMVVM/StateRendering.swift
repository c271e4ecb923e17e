/// An object that shows a state: a UIKit view controller on Apple platforms, or any class that
/// renders, such as a terminal view on Linux.
///
/// ``ModeledViewController`` refines it, and the ``Modeled(_:_:)`` macro writes
/// `renderCurrentState()`; a class can also conform by hand:
///
/// ```swift
/// @MainActor
/// final class CountLabel: StateRendering {
///   let counts: StateBroadcast<Int>
///   private(set) var text = ""
///   init(counts: StateBroadcast<Int>) { self.counts = counts }
///
///   func render(_ state: Int) { text = "Count: \(state)" }
///   func renderCurrentState() { render(counts.current) }
/// }
/// ```
@MainActor
public protocol StateRendering<State>: AnyObject {
  /// The state this object shows: its view model's.
  associatedtype State: Sendable

  /// Shows `state`.
  func render(_ state: State)

  /// Shows the state its source has now.
  func renderCurrentState()
}
