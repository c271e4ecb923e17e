/// A writable key path to a child's part of a feature's state, projected through the part's
/// offset when it is a stored property.
///
/// A composed reducer reads and writes its child's state at every level of the tree, on every
/// action. Through a key path, each access goes through the runtime's generic key-path machinery;
/// through the offset that `MemoryLayout.offset(of:)` gives a stored property, it is a pointer.
/// A computed property (no offset) goes through the key path. A field of a state marked
/// `@ObservableState` goes through its storage's offset, and its observers are told as its accessors
/// would tell them (see ``FieldWrite``).
@usableFromInline
struct StatePath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// The stored property's offset in `Root`, or its storage's for a marked field, or `nil`.
  @usableFromInline let offset: Int?
  /// The write of a marked field.
  @usableFromInline let fieldWrite: FieldWrite<Root, Value>?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    if let offset = MemoryLayout<Root>.offset(of: keyPath) {
      self.offset = offset
      self.fieldWrite = nil
    } else {
      self.fieldWrite = FieldWrite(keyPath)
      self.offset = fieldWrite?.offset
    }
  }

  /// Runs `body` on the part of `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    if let fieldWrite { return fieldWrite.modify(&root, body) }
    // The offset of a stored property: the documented equivalent of the key path.
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The part of `root`, read in place: `root` is not copied to find it.
  @inlinable
  func get(in root: inout Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    return withUnsafeBytes(of: &root) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// Runs `body` on a pointer to the part of `root`: neither is copied to find it. What ends under
  /// a tree's children is found this way at every level below the one an action changed, where
  /// copies would copy each level's whole subtree.
  @inlinable
  func withPart<Result>(of root: Root, _ body: (UnsafePointer<Value>) -> Result) -> Result {
    guard let offset else {
      let part = root[keyPath: keyPath]
      return withUnsafePointer(to: part, body)
    }
    return withUnsafePointer(to: root) { pointer in
      body(UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self))
    }
  }

  /// Runs `body` on a pointer to the part of `root`, in place.
  @inlinable
  func withPart<Result>(in root: inout Root, _ body: (UnsafePointer<Value>) -> Result) -> Result {
    guard let offset else {
      let part = root[keyPath: keyPath]
      return withUnsafePointer(to: part, body)
    }
    return withUnsafeBytes(of: &root) { bytes in
      body(bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self))
    }
  }

  /// The part of `root`. A copy of `root` is made to find it: a state in place should be read
  /// with ``get(in:)``.
  @inlinable
  func get(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    return withUnsafeBytes(of: root) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }
}

extension StatePath {
  /// Whether the optional part of `root` is there, read in place, without copying `root` or the
  /// part: a composed reducer asks at every level of a tree, twice, on every action.
  @inlinable
  func isPresent<Wrapped>(in root: inout Root) -> Bool where Value == Wrapped? {
    guard let offset else { return root[keyPath: keyPath] != nil }
    return withUnsafeBytes(of: &root) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee != nil
    }
  }

  /// Whether the optional part of `root` is there, read without copying the part.
  @inlinable
  func isPresent<Wrapped>(_ root: Root) -> Bool where Value == Wrapped? {
    guard let offset else { return root[keyPath: keyPath] != nil }
    return withUnsafeBytes(of: root) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee != nil
    }
  }
}
