import MacroTesting
import StatecraftMacros
import Testing

@Suite(.macros([CaseRoutableMacro.self], record: .missing))
struct CaseRoutableMacroTests {
  /// One `EnumCase` per case with one associated value, labelled or not; none for a case with no
  /// value, with several, or whose name is overloaded.
  @Test func casesWithOneValueBecomeKeyPaths() {
    assertMacro {
      """
      @CaseRoutable
      public enum AppAction {
        case detail(DetailAction)
        case row(action: RowAction)
        case refresh
        case moved(x: Int, y: Int)
        case load(Int), load(name: String)
      }
      """
    } expansion: {
      #"""
      public enum AppAction {
        case detail(DetailAction)
        case row(action: RowAction)
        case refresh
        case moved(x: Int, y: Int)
        case load(Int), load(name: String)

        /// The cases of `AppAction` that have one associated value, as key paths for
        /// composed reducers: `\.case`.
        public struct Cases: Sendable {
          public var detail: Statecraft.EnumCase<AppAction, DetailAction> {
          Statecraft.EnumCase(
            embed: {
              AppAction.detail($0)
            },
            extract: { root in
              guard case .detail(let value) = root else {
                return nil
              }
              return value
            },
            modify: {
              Cases.modify_detail(&$0, $1)
            })
          }

          private static func modify_detail(
            _ root: inout AppAction, _ body: (inout DetailAction) -> Void
          ) -> Bool {
            guard case .detail(var value) = root else {
            return false
          }
            body(&value)
            root = .detail(value)
            return true
          }

          public var row: Statecraft.EnumCase<AppAction, RowAction> {
            Statecraft.EnumCase(
              embed: {
              AppAction.row(action: $0)
            },
              extract: { root in
                guard case .row(let value) = root else {
                return nil
              }
                return value
              },
              modify: {
              Cases.modify_row(&$0, $1)
            })
          }

          private static func modify_row(
            _ root: inout AppAction, _ body: (inout RowAction) -> Void
          ) -> Bool {
            guard case .row(var value) = root else {
            return false
          }
            body(&value)
            root = .row(action: value)
            return true
          }
        }

        public static var cases: Cases {
          Cases()
        }
      }
      """#
    }
  }

  /// Members are written inside the enum, where the types of its cases resolve as they do there;
  /// the extension adds only the conformance.
  @Test func aNestedEnumsSiblingsResolve() {
    assertMacro {
      """
      enum Feature {
        struct Child {}
        @CaseRoutable
        enum Action {
          case child(Child)
        }
      }
      """
    } expansion: {
      #"""
      enum Feature {
        struct Child {}
        enum Action {
          case child(Child)

          /// The cases of `Action` that have one associated value, as key paths for
          /// composed reducers: `\.case`.
          struct Cases: Sendable {
            var child: Statecraft.EnumCase<Action, Child> {
            Statecraft.EnumCase(
              embed: {
                Action.child($0)
              },
              extract: { root in
                guard case .child(let value) = root else {
                  return nil
                }
                return value
              },
              modify: {
                Cases.modify_child(&$0, $1)
              })
            }

            private static func modify_child(
              _ root: inout Action, _ body: (inout Child) -> Void
            ) -> Bool {
              guard case .child(var value) = root else {
              return false
            }
              body(&value)
              root = .child(value)
              return true
            }
          }

          static var cases: Cases {
            Cases()
          }
        }
      }
      """#
    }
  }

  @Test func aStructIsRefused() {
    assertMacro {
      """
      @CaseRoutable
      struct NotAnEnum {}
      """
    } diagnostics: {
      """
      @CaseRoutable
      ┬────────────
      ╰─ 🛑 @CaseRoutable applies to enums: it makes their cases key paths for composed reducers
      struct NotAnEnum {}
      """
    }
  }
}
