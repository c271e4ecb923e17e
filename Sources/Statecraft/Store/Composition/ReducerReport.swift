/// A mistake that a composed reducer found in an action, carried as an effect so that the reducer
/// stays a pure function: the store reports it at the line of the `send` that sent the action.
@usableFromInline
struct ReducerReport: Sendable {
  @usableFromInline let kind: Diagnostic.Kind
  @usableFromInline let message: String

  @inlinable
  init(kind: Diagnostic.Kind, message: String) {
    self.kind = kind
    self.message = message
  }
}

extension Diagnostic.Kind {
  /// An action was sent to a child feature that is not there: an optional child that is `nil`, an
  /// element id that the collection does not hold, an enum case that is not the current one, or a
  /// popped stack element. Nothing changed.
  public static let childNotPresent = Diagnostic.Kind("childNotPresent")
}
