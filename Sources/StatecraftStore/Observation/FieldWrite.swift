import IdentifiedCollections
import OrderedCollections

/// How a composition tool writes a field of a marked state in place: through the field's storage,
/// telling the field's observers what its accessor would have told them.
///
/// A marked field is a property with accessors, which `MemoryLayout.offset(of:)` finds no offset
/// for. Through its key path, the runtime reads the field with its getter and writes it back with
/// its setter, copying it: a `forEach` over a marked list would copy the list on each row's action.
@usableFromInline
struct FieldWrite<Root, Value> {
  /// The offset of the field's storage in `Root`.
  @usableFromInline let offset: Int
  @usableFromInline let field: Int
  /// The box of the root at a pointer: the reader's closure alone, which a write copies.
  @usableFromInline let boxAt: (UnsafeRawPointer) -> FieldBox
  @usableFromInline let change: Change

  /// How a write finds whether the field changed, as the field's accessors do.
  @usableFromInline
  enum Change {
    /// A marked value, or an optional one: it changed if it is another value, or came or went.
    /// The identity is read in the root, by code the macro wrote for the field's own type.
    case identity((UnsafeRawPointer) -> FieldIdentity)
    /// A collection of marked values: it changed unless it holds the same ids and the write was
    /// elements run in place by `forEach`. Runs the write, and says whether it changed.
    case elements((inout Value, (inout Value) -> Void) -> Bool)
    /// Anything else: it changed whenever it is written.
    case always
  }

  /// The write of the field at `keyPath`, when `Root` is marked and the field is observed.
  @usableFromInline
  init?(_ keyPath: WritableKeyPath<Root, Value>) {
    guard let marked = Root.self as? any ObservableState.Type,
      let (storage, field) = marked._$storage(of: keyPath),
      let storage = storage as? PartialKeyPath<Root>,
      let offset = MemoryLayout<Root>.offset(of: storage),
      let boxOf = FieldBox.reader(for: Root.self)
    else { return nil }
    self.offset = offset
    self.field = field
    self.boxAt = boxOf.at
    if FieldBox.reader(for: Value.self) != nil || Value.self is any OptionalOfMarked.Type {
      change = .identity(marked.identityReader(of: field))
    } else if let elements = Value.self as? any MarkedElements.Type {
      change = .elements(elements.writeObserver(as: Value.self))
    } else {
      change = .always
    }
  }

  /// Runs `body` on the field of `root`, in place, and tells the root's observers if the field
  /// changed and the root is armed.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    let offset = self.offset
    let field = self.field
    return withUnsafeMutableBytes(of: &root) { bytes in
      let root = UnsafeRawPointer(bytes.baseAddress!)
      // The offset of the field's storage: the documented equivalent of its key path.
      let value = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self)
      let box = boxAt(root)
      guard box.isArmed else { return body(&value.pointee) }
      let (result, changed): (Result, Bool)
      switch change {
      case .identity(let identify):
        // A field whose type the macro saw only as a generic parameter is not compared: told.
        let before = identify(root)
        result = body(&value.pointee)
        changed = before == .unobserved || identify(root) != before
      case .elements(let observe):
        var run: Result?
        changed = observe(&value.pointee) { run = body(&$0) }
        result = run!
      case .always:
        result = body(&value.pointee)
        changed = true
      }
      if changed { box.logChange(field) }
      return result
    }
  }
}

extension ObservableState {
  /// Reads which marked value field number `field` holds, in a value of this type at a pointer.
  fileprivate static func identityReader(of field: Int) -> (UnsafeRawPointer) -> FieldIdentity {
    { pointer in _$identity(of: field, at: pointer) }
  }
}

/// An optional marked value, found at run time.
private protocol OptionalOfMarked {}

extension Optional: OptionalOfMarked where Wrapped: ObservableState {}

/// A collection of marked values, found at run time. Each conformance writes its own observer,
/// so that the observer reads the ids of its own type, not through the protocol's associated type,
/// whose metadata each write would look up.
private protocol MarkedElements {
  static func writeObserver<Value>(as: Value.Type) -> (inout Value, (inout Value) -> Void) -> Bool
}

extension IdentifiedArray: MarkedElements where Element: ObservableState {
  fileprivate static func writeObserver<Value>(as: Value.Type) -> (inout Value, (inout Value) -> Void) -> Bool {
    { value, body in observeWrite(of: &value, ids: { $0.assumingMemoryBound(to: Self.self).pointee.ids }, body) }
  }
}

extension StackState: MarkedElements where Element: ObservableState {
  fileprivate static func writeObserver<Value>(as: Value.Type) -> (inout Value, (inout Value) -> Void) -> Bool {
    { value, body in observeWrite(of: &value, ids: { $0.assumingMemoryBound(to: Self.self).pointee.ids }, body) }
  }
}

/// Runs `body`, a write of `value`, a collection of marked values whose ids `ids` reads in place,
/// and says whether it changed.
private func observeWrite<Value, ID>(
  of value: inout Value, ids: (UnsafeMutableRawPointer) -> OrderedSet<ID>, _ body: (inout Value) -> Void
) -> Bool {
  let before = withUnsafeMutablePointer(to: &value) { ElementsBefore(ids: ids($0)) }
  body(&value)
  let after = withUnsafeMutablePointer(to: &value) { ids($0) }
  return !before.wereRunInPlace || after != before.ids
}
