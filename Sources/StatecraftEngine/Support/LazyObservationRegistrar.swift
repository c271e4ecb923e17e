public import Observation

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
/// Owners call ``willSet(_:keyPath:)`` and ``didSet(_:keyPath:)`` around a change rather than
/// Observation's `withMutation`, a generic call through Observation's resilient interface with the
/// change as its closure: with them, a store's send costs the same with a registrar created late as
/// it did with one created up front.
@usableFromInline
package struct LazyObservationRegistrar: ~Copyable {
  /// The registrar, behind a reference of our own: `ObservationRegistrar` comes from a module
  /// built for library evolution, and an optional of it is copied and checked through its
  /// metadata. Noncopyable, so that owners lend it to the processing without retaining the box.
  @usableFromInline final class Box: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @usableFromInline init() {}
  }

  @usableFromInline var box: Box?

  @inlinable
  package init() {}

  /// Whether the registrar exists: whether anything has read the observed property. For tests.
  package var isCreated: Bool { box != nil }

  /// Registers a read of `keyPath` with the observers being tracked, creating the registrar.
  @inlinable
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

  /// Tells the observers, if any could exist, that `keyPath` is about to change.
  @inlinable
  package func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    box?.registrar.willSet(subject, keyPath: keyPath)
  }

  /// Tells the observers, if any could exist, that `keyPath` changed.
  @inlinable
  package func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    box?.registrar.didSet(subject, keyPath: keyPath)
  }

  /// Runs `mutation` as a change of `keyPath`, telling the observers, if any could exist.
  @inlinable
  package func withMutation<Subject: Observable, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    willSet(subject, keyPath: keyPath)
    defer { didSet(subject, keyPath: keyPath) }
    return try mutation()
  }
}
