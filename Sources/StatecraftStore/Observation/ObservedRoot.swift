public import Observation
import StatecraftEngine

/// What a store whose state is marked `@ObservableState` keeps to observe that state field by
/// field: which value it handed out, and the observers of its replacement (`state = State()`).
///
/// The fields themselves are observed through the value's own registrar; the store only opens the
/// transaction its sends log into, once a view has read its state.
@usableFromInline
// Unchecked, and safe: touched only on the main actor, by the store's `state` getter and its
// processing (see `Store.reduce`), in single accesses, which need no runtime exclusivity checks.
final class ObservedRoot<State>: Observable, @unchecked Sendable {
  @usableFromInline let fieldsOf: FieldBox.Reader<State>
  @exclusivity(unchecked) private var handedOut = FieldIdentity.absent
  private let registrar = ObservationRegistrar()
  /// Whether a view may observe a field, so that a send opens a transaction.
  @exclusivity(unchecked) @usableFromInline private(set) var isArmed = false
  /// Whether the state was read since the observers of its replacement were last told.
  @exclusivity(unchecked) private var isRead = false

  /// The key of the state's replacement.
  var replacement: Int { 0 }

  private init(fieldsOf: FieldBox.Reader<State>) {
    self.fieldsOf = fieldsOf
  }

  /// The observation of a store's state, or nil when its type is not marked.
  @usableFromInline
  static func make() -> ObservedRoot? {
    FieldBox.reader(for: State.self).map(ObservedRoot.init(fieldsOf:))
  }

  /// Arms `state`, the value the store hands out, and registers a read of its replacement.
  @usableFromInline
  func handOut(_ state: State) {
    fieldsOf(state).arm()
    handedOut = fieldsOf.identity(of: state)
    isArmed = true
    isRead = true
    registrar.access(self, keyPath: SharedKeyPath.of { \ObservedRoot.replacement })
  }

  /// Whether a send must look for a replaced state: only if it was read since the last one.
  @usableFromInline var mayTellReplacement: Bool { isRead }

  /// After a send: tells the observers of the state's replacement if `identity`, the store's
  /// state's, is not the one it handed out.
  @usableFromInline
  func sent(leaving identity: FieldIdentity) {
    guard identity != handedOut else { return }
    handedOut = identity
    if case .value(let fields, _) = identity { fields.box.arm() }
    isRead = false
    let key = SharedKeyPath.of { \ObservedRoot.replacement }
    registrar.willSet(self, keyPath: key)
    registrar.didSet(self, keyPath: key)
  }
}
