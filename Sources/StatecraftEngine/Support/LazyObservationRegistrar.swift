public import Observation

/// Observation's registrar for one observed property, created when the property is first read.
///
/// A registrar is two objects, 128 bytes on the heap. It is needed only once something observes,
/// and observing starts with a read: `access(_:keyPath:)` inside SwiftUI or
/// `withObservationTracking`. Until the first read no observer can exist, so a change with no
/// registrar has no one to tell. An owner that nothing reads keeps none, and no key path either:
/// the key path, which a generic owner fetches from ``SharedKeyPath``, is kept with the registrar.
///
/// <!-- sample: skip -->
/// ```swift
/// public var currentState: State {
///   registrar.access(self, keyPath: SharedKeyPath.of { \Machine.currentState })
///   return storedState
/// }
/// ```
///
/// It belongs to one actor: the owner reads and changes it only from its own isolation.
///
/// Owners call ``willSet(_:)`` and ``didSet(_:)`` around a change rather than Observation's
/// `withMutation`, a generic call through Observation's resilient interface with the change as its
/// closure, so that creating the registrar late costs a send nothing.
@usableFromInline
package struct LazyObservationRegistrar<Subject: Observable, Member>: ~Copyable {
  /// The registrar and the key path of the observed property, behind a reference of our own:
  /// `ObservationRegistrar` comes from a module built for library evolution, and an optional of it
  /// is copied and checked through its metadata. Noncopyable, so that owners lend it to the
  /// processing without retaining the box.
  @usableFromInline final class Box: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()
    // Safe without isolation: a key path is an immutable object, which any isolation domain may read.
    @usableFromInline nonisolated(unsafe) let keyPath: KeyPath<Subject, Member>

    @usableFromInline init(keyPath: KeyPath<Subject, Member>) {
      self.keyPath = keyPath
    }

    // Methods of the box, reached by optional chaining on the borrowed field: a local copy of the
    // box, or of its key path, would be retained and released on every change.

    @inlinable func access(_ subject: Subject) { registrar.access(subject, keyPath: keyPath) }
    @inlinable func willSet(_ subject: Subject) { registrar.willSet(subject, keyPath: keyPath) }
    @inlinable func didSet(_ subject: Subject) { registrar.didSet(subject, keyPath: keyPath) }
  }

  @usableFromInline var box: Box?

  @inlinable
  package init() {}

  /// Whether the registrar exists: whether anything has read the observed property. For tests.
  package var isCreated: Bool { box != nil }

  /// Registers a read of the property with the observers being tracked, creating the registrar
  /// with the property's key path, which `keyPath` makes only then.
  @inlinable
  package mutating func access(_ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>) {
    if box == nil { box = Box(keyPath: keyPath()) }
    box?.access(subject)
  }

  /// Tells the observers, if any could exist, that the property is about to change.
  @inlinable
  package func willSet(_ subject: Subject) {
    box?.willSet(subject)
  }

  /// Tells the observers, if any could exist, that the property changed.
  @inlinable
  package func didSet(_ subject: Subject) {
    box?.didSet(subject)
  }

  /// Runs `change` as a change of the property, telling the observers, if any could exist.
  @inlinable
  package func withMutation<Result>(of subject: Subject, _ change: () throws -> Result) rethrows -> Result {
    willSet(subject)
    defer { didSet(subject) }
    return try change()
  }
}
