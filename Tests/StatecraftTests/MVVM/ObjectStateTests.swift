import Statecraft
import Testing

@Suite(.timeLimit(.minutes(1))) struct ObjectStateTests {
  struct Contacts: ObjectState {
    var ids: [String] = []
    var isLoading = false
  }

  enum ContactEffect: StateMutatingEffect {
    case add(String)
    case remove(String)
    case setLoading(Bool)

    func apply(to state: inout Contacts) {
      switch self {
      case .add(let id): state.ids.append(id)
      case .remove(let id): state.ids.removeAll { $0 == id }
      case .setLoading(let isLoading): state.isLoading = isLoading
      }
    }
  }

  @Test func updateChangesTheStateInPlace() {
    var state = Contacts()
    state.update {
      $0.ids = ["ada"]
      $0.isLoading = true
    }
    #expect(state == Contacts(ids: ["ada"], isLoading: true))
  }

  @Test func applyRunsTheEffectsInOrder() {
    var state = Contacts()
    state.apply([ContactEffect.add("ada"), .add("alan"), .remove("ada"), .setLoading(true)])
    #expect(state == Contacts(ids: ["alan"], isLoading: true))
    state.apply(ContactEffect.add("grace"), .setLoading(false))
    #expect(state == Contacts(ids: ["alan", "grace"], isLoading: false))
  }
}
