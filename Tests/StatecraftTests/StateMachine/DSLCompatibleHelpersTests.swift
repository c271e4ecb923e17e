import Statecraft
import Testing

/// AsyncStateMachine's public `DSLCompatible` helpers, which its users' tests call, on a type that
/// `@DSLCompatible` numbers and names (no reflection) and on a plain conformance (reflection).
@Suite("DSLCompatible: AsyncStateMachine's helpers", .timeLimit(.minutes(1)))
struct DSLCompatibleHelpersTests {
  @DSLCompatible
  enum Macro {
    case idle
    case open(persons: Int)
    case moved(x: Int, y: Int)
    case `default`
  }

  enum Plain: DSLCompatible {
    case idle
    case open(persons: Int)
    case moved(x: Int, y: Int)
    case `default`
  }

  @Test func labelNamesTheCase() {
    #expect(Macro.open(persons: 3).label == "open")
    #expect(Macro.idle.label == "idle")
    #expect(Macro.default.label == "default")
    #expect(Macro.open(persons: 3).dslCaseLabel == "open", "the macro names cases without reflection")
    #expect(Plain.open(persons: 3).label == "open")
    #expect(Plain.idle.label == "idle")
  }

  @Test func matchesComparesCasesNotPayloads() {
    #expect(Macro.open(persons: 3).matches(.open(persons: 1)))
    #expect(!Macro.open(persons: 3).matches(.idle))
    #expect(Plain.open(persons: 3).matches(.open(persons: 1)))
    #expect(!Plain.idle.matches(.default))
  }

  @Test func matchesACaseConstructor() {
    #expect(Macro.open(persons: 3).matches(Macro.open(persons:)))
    #expect(!Macro.idle.matches(Macro.open(persons:)))
    #expect(Plain.moved(x: 1, y: 2).matches(Plain.moved(x:y:)))
    #expect(!Plain.open(persons: 1).matches(Plain.moved(x:y:)))
  }

  @Test func associatedValuesByTypeAndByConstructor() {
    #expect(Macro.open(persons: 3).associatedValue(expecting: Int.self) == 3)
    #expect(Macro.open(persons: 3).associatedValue(expecting: String.self) == nil)
    #expect(Macro.open(persons: 3).associatedValue(matching: Macro.open(persons:)) == 3)
    #expect(Macro.idle.associatedValue(matching: Macro.open(persons:)) == nil)
    let moved = Plain.moved(x: 1, y: 2).associatedValue(matching: Plain.moved(x:y:))
    #expect(moved?.0 == 1 && moved?.1 == 2)
    #expect(Plain.open(persons: 4).associatedValue(expecting: Int.self) == 4)
  }
}
