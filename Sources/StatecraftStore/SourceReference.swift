/// A scoped store's reference to the store or scoped store it follows: unowned and unretained,
/// because the node that holds it lives no longer than its source (the source holds the node in
/// its dependents, and the scoped store that holds the node keeps the source alive through its
/// `send`). A strong reference would make a cycle through the dependents.
///
/// Debug builds check that promise: there the reference is `unowned`, which traps on a source that
/// is gone, where release builds read it unchecked.
@usableFromInline
struct SourceReference<Source: AnyObject> {
  #if DEBUG
    @usableFromInline unowned let object: Source
  #else
    @usableFromInline unowned(unsafe) let object: Source
  #endif

  @inlinable
  init(_ object: Source) {
    self.object = object
  }
}
