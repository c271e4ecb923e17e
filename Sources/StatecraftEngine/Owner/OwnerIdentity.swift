import Synchronization

/// Which store, machine or chart something happened in: a number unique in the process, a
/// readable name and the line that created it.
///
/// Every ``InspectionRecord`` carries one, so an inspector attached to many owners can tell them
/// apart.
///
/// ```swift
/// let recorder = InspectionRecorder()
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// store.attach(recorder)
/// store.send(1)
/// if let owner = recorder.records.first?.owner {
///   print(owner)            // Store<Int, Int, ()> #…, numbered in order of creation
///   print(owner.callSite)   // the line of `Store(initialState:)` above
/// }
/// ```
public struct OwnerIdentity: Sendable, Hashable, CustomStringConvertible {
  /// Unique among the owners of this process, counting from 1 in order of creation.
  public let id: UInt64
  /// The owner's type, such as `Store<AppState, AppAction, ()>`.
  public var name: String { String(describing: type) }
  /// Where the owner was created.
  public let callSite: CallSite
  /// The owner's type: its name is spelled only when something reads it.
  private let type: Any.Type

  package init(type: Any.Type, callSite: CallSite) {
    self.id = Self.lastID.add(1, ordering: .relaxed).newValue
    self.type = type
    self.callSite = callSite
  }

  /// `Store<AppState, AppAction, ()> #3`.
  public var description: String { "\(name) #\(id)" }

  /// Two identities are equal when their ids are: they name the same owner.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  /// Hashes the ``id`` alone, as `==` compares it alone.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  private static let lastID = Atomic<UInt64>(0)
}
