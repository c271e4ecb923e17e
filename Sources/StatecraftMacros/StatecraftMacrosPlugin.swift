import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct StatecraftMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    DSLCompatibleMacro.self, ModeledMacro.self, BroadcastsStateMacro.self, BroadcastsEventsMacro.self,
    CaseRoutableMacro.self, ObservableStateMacro.self, ObservedFieldMacro.self,
    ObservationStateIgnoredMacro.self,
  ]
}
