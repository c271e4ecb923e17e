/// Which child feature of an owner an effect belongs to: where the parent's state holds the child
/// (the site, such as the key path of an optional child or of a collection), and which child it is
/// there (an element's id, an enum case, or one constant for an optional child).
///
/// Each key names one ``EffectScope`` under the owner's: the child's effects run in it, and ending
/// the child closes it, which cancels them all and drops what they were about to deliver.
@usableFromInline
package struct ChildScopeKey: Hashable, Sendable {
  @usableFromInline let site: EffectID
  @usableFromInline let identity: EffectID

  @inlinable
  package init(site: EffectID, identity: EffectID) {
    self.site = site
    self.identity = identity
  }
}
