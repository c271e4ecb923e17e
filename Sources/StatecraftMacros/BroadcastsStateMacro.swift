public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@BroadcastsState(initial:)`: writes the private state broadcast that async-state's samples
/// wrote by hand, the `stateStream` and `currentState()` that read it, and the `StateStreaming`
/// and `Stateful` conformances.
public struct BroadcastsStateMacro: MemberMacro, BroadcastMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard isReferenceType(declaration, attribute: node, in: context) else { return [] }
    guard let initial = node.arguments?.as(LabeledExprListSyntax.self)?.first?.expression else {
      return []  // the compiler rejects a missing argument
    }
    let access = declaration.generatedAccessModifier
    return [
      "private let _stateBroadcast = Statecraft.StateBroadcast<State>(\(initial.trimmed))",
      """
      \(raw: access)nonisolated var stateStream: any Statecraft.AsyncBroadcast<State> {
        _stateBroadcast.erased()
      }
      """,
      """
      \(raw: access)nonisolated func currentState() -> State {
        _stateBroadcast.current
      }
      """,
    ]
  }
}
