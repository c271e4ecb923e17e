package import Observation

/// Observation's registrar, created when the observed property is first read.
///
/// A registrar is two objects, 128 bytes on the heap. It is needed only once something observes,
/// and observing starts with a read: `access(_:keyPath:)` inside SwiftUI or
/// `withObservationTracking`. Until the first read no observer can exist, so a mutation with no
/// registrar has no one to tell. An owner that nothing reads keeps none.
///
/// ```swift
/// public var currentState: State {
///   registrar.access(self, keyPath: \.currentState)
///   return storedState
/// }
/// ```
///
/// It belongs to one actor: the owner reads and mutates it only from its own isolation.
///
/// `ContextualStateMachine` uses it; `Store` does not. Reaching the registrar through this
/// indirection cost an observed store's `send` about 10 ns, a ninth of it, and a send is measured
/// against a bare `@Observable` mutation; a state object's transition, about 1.3 µs, does not
/// notice it.
package struct LazyObservationRegistrar {
  /// The registrar, behind a reference of our own: `ObservationRegistrar` comes from a module
  /// built for library evolution, and an optional of it is copied and checked through its
  /// metadata.
  private final class Box: Sendable {
    let registrar = ObservationRegistrar()
  }

  private var box: Box?

  package init() {}

  /// Whether the registrar exists: whether anything has read the observed property. For tests.
  package var isCreated: Bool { box != nil }

  /// Registers a read of `keyPath` with the observers being tracked, creating the registrar.
  package mutating func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    if let box {
      box.registrar.access(subject, keyPath: keyPath)
      return
    }
    let box = Box()
    self.box = box
    box.registrar.access(subject, keyPath: keyPath)
  }

  /// Runs `mutation` as a change of `keyPath`, telling the observers, if any could exist.
  package func withMutation<Subject: Observable, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    guard let box else { return try mutation() }
    return try box.registrar.withMutation(of: subject, keyPath: keyPath, mutation)
  }
}
