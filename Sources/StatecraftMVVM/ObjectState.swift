/// The state of an object, as a value: what a view model or a repository publishes.
///
/// ```swift
/// struct ContactsState: ObjectState {
///   var contactIDs: [String]
///   var selectedID: String?
/// }
/// ```
///
/// ```swift
/// var state = ContactsState(contactIDs: [])
/// state.update {
///   $0.contactIDs.append("ada")
///   $0.selectedID = "ada"
/// }
/// ```
///
/// async-state also called this `ViewState`; in Statecraft `ViewState` is the UI adapter of a
/// declarative machine, so use `ObjectState`.
public protocol ObjectState: Sendable, Hashable {}

extension ObjectState {
  /// Changes this state in place, in one closure, so that a series of changes reads as one step.
  public mutating func update(_ body: (inout Self) throws -> Void) rethrows {
    try body(&self)
  }

  /// Applies each effect, in order.
  public mutating func apply<Effect: StateMutatingEffect>(_ effects: some Sequence<Effect>)
  where Effect.State == Self {
    for effect in effects { effect.apply(to: &self) }
  }

  /// Applies each effect, in order.
  public mutating func apply<Effect: StateMutatingEffect>(_ effects: Effect...)
  where Effect.State == Self {
    apply(effects)
  }
}
