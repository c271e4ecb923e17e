/// A read-write view of a value that lives elsewhere: what `ViewState.binding` returns.
///
/// It is platform-neutral. Where SwiftUI exists, `Binding(stateBinding)` turns it into a SwiftUI
/// `Binding`.
///
/// ```swift
/// var stored = 1
/// let binding = StateBinding(get: { stored }, set: { stored = $0 * 10 })
/// binding.wrappedValue = 4
/// #expect(stored == 40 && binding.wrappedValue == 40)
/// ```
@MainActor
public struct StateBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// Creates a binding from a getter and a setter.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The value. Setting it runs the binding's setter.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

#if canImport(SwiftUI)
  public import SwiftUI

  extension Binding {
    /// A SwiftUI binding that reads and writes through `binding`.
    @MainActor
    public init(_ binding: StateBinding<Value>) {
      self.init(get: { binding.wrappedValue }, set: { binding.wrappedValue = $0 })
    }
  }
#endif
