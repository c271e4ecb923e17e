// The engine's public types (broadcasts, diagnostics, inspection) are part of this module's API.
@_exported public import StatecraftEngine
// Values are matched by case through `DSLCompatible`, part of this module's vocabulary.
@_exported public import StatecraftMatching
