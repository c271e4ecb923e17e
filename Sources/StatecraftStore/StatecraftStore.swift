// The engine's public types (broadcasts, diagnostics, inspection) are part of this module's API.
@_exported public import StatecraftEngine
