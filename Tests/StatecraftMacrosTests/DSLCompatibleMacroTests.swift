import MacroTesting
import StatecraftMacros
import Testing

@Suite(.macros([DSLCompatibleMacro.self], record: .missing))
struct DSLCompatibleMacroTests {
  @Test func enumWithPayloads() {
    assertMacro {
      """
      @DSLCompatible
      public enum State {
        case open(persons: Int), closing(persons: Int)
        case moved(x: Int, y: Int)
        case closed
      }
      """
    } expansion: {
      """
      public enum State {
        case open(persons: Int), closing(persons: Int)
        case moved(x: Int, y: Int)
        case closed
      }

      extension State {
        public func dslPayload<Payload>(as type: Payload.Type) -> Payload? {
          switch self {
          case .open(let value0):
            return value0 as? Payload
          case .closing(let value0):
            return value0 as? Payload
          case .moved(let value0, let value1):
            return (value0, value1) as? Payload
          case .closed:
            return nil
          }
        }

        public var dslCaseIndex: Int? {
          switch self {
          case .open:
            return 0
          case .closing:
            return 1
          case .moved:
            return 2
          case .closed:
            return 3
          }
        }

        public var dslCaseLabel: String? {
          switch self {
          case .open:
            return "open"
          case .closing:
            return "closing"
          case .moved:
            return "moved"
          case .closed:
            return "closed"
          }
        }
      }
      """
    }
  }

  @Test func casesOverloadedByLabelsFallBackToReflection() {
    assertMacro {
      """
      @DSLCompatible
      enum Command {
        case load(id: Int)
        case load(index: Int)
        case stop
      }
      """
    } expansion: {
      """
      enum Command {
        case load(id: Int)
        case load(index: Int)
        case stop
      }

      extension Command {
        func dslPayload<Payload>(as type: Payload.Type) -> Payload? {
          switch self {
          case .stop:
            return nil
          default:
            return dslReflectedPayload(as: type)
          }
        }

        var dslCaseIndex: Int? {
          switch self {
          case .stop:
            return 2
          default:
            return nil
          }
        }

        var dslCaseLabel: String? {
          switch self {
          case .stop:
            return "stop"
          default:
            return nil
          }
        }
      }
      """
    }
  }

  @Test func structsMatchByValueOnly() {
    assertMacro {
      """
      @DSLCompatible
      package struct Temperature {
        var degrees: Int
      }
      """
    } expansion: {
      """
      package struct Temperature {
        var degrees: Int
      }

      extension Temperature {
        package func dslPayload<Payload>(as type: Payload.Type) -> Payload? {
          nil
        }

        package var dslCaseIndex: Int? {
          nil
        }

        package var dslCaseLabel: String? {
          nil
        }
      }
      """
    }
  }

  @Test func classesAreRejected() {
    assertMacro {
      """
      @DSLCompatible
      final class Model {}
      """
    } diagnostics: {
      """
      @DSLCompatible
      ┬─────────────
      ╰─ 🛑 @DSLCompatible applies to enums and structs: states, events and outputs are values
      final class Model {}
      """
    }
  }
}
