import Synchronization

/// What every part of one owner shares: who it is, where its diagnostics go, and its inspectors.
///
/// It is the one report path of the engine: effects, side effects, state lifetimes and front-ends
/// all report through ``report(_:_:callSite:error:)``, which hands the diagnostic to the handler
/// and to the inspectors.
@usableFromInline
package final class OwnerContext: Sendable {
  @usableFromInline package let identity: OwnerIdentity
  package let diagnostics: DiagnosticHandler
  @usableFromInline package let inspection: Inspection
  private let lastEffectNumber = Atomic<UInt64>(0)

  /// Captures the diagnostic handler and inspectors of the scope that creates the owner.
  package init(name: String, callSite: CallSite) {
    let identity = OwnerIdentity(name: name, callSite: callSite)
    self.identity = identity
    self.diagnostics = DiagnosticHandler.current
    self.inspection = Inspection(owner: identity)
  }

  /// Numbers the owner's effects, from 1, in the order they start.
  package func nextEffectNumber() -> UInt64 {
    lastEffectNumber.add(1, ordering: .relaxed).newValue
  }

  /// The owner's name, for messages.
  @usableFromInline
  package var name: String { identity.name }

  /// Reports a diagnostic to the handler and to the inspectors.
  @usableFromInline
  package func report(
    _ kind: Diagnostic.Kind, _ message: String, callSite: CallSite? = nil, error: (any Error)? = nil
  ) {
    let diagnostic = Diagnostic(
      kind: kind, message: message, source: identity.name, error: error, callSite: callSite)
    diagnostics.report(diagnostic)
    inspection.emit(.diagnostic(diagnostic))
  }
}
