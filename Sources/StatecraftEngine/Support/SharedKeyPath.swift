/// One key path per generic type, shared by all its instances.
///
/// Swift caches a key path literal into a non-generic type, but builds `\Store<S, A, E>.state`
/// anew, on the heap and demangling its types, every time it is evaluated. An observable front-end
/// needs one for every Observation call, and a copy per instance would cost every idle owner a
/// heap object. This builds it once per specialisation and hands every instance the same object.
///
/// <!-- sample: skip -->
/// ```swift
/// let keyPath = SharedKeyPath.of { \Store<State, Action, Environment>.state }
/// ```
@usableFromInline
package enum SharedKeyPath {
  /// The key paths built so far, by the type of key path: one per root and value type.
  private static let built = CriticalState<[ObjectIdentifier: Built]>([:])

  // Unchecked, and safe: a key path is an immutable object, which any isolation domain may read.
  private struct Built: @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  /// The key path `make` builds, built once for its root and value types.
  ///
  /// - Important: a root type has one shared key path per value type: two properties of one type
  ///   on the same root would share a key path. Each caller here observes one property.
  @usableFromInline
  package static func of<Root, Value>(_ make: () -> KeyPath<Root, Value>) -> KeyPath<Root, Value> {
    let type = ObjectIdentifier(KeyPath<Root, Value>.self)
    let keyPath =
      built.withLock { $0[type] }?.keyPath
      ?? {
        let made = Built(keyPath: make())
        return built.withLock { built in
          if let existing = built[type] { return existing.keyPath }
          built[type] = made
          return made.keyPath
        }
      }()
    // Safe: the dictionary is keyed by the key path's own type.
    return unsafeDowncast(keyPath, to: KeyPath<Root, Value>.self)
  }
}
