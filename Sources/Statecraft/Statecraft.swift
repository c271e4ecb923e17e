// Collection features are `IdentifiedArray`s, as in The Composable Architecture: `import Statecraft`
// brings them too, so that a feature needs no second dependency.
@_exported public import IdentifiedCollections
// `import Statecraft` brings every front-end, each a module of its own over the one engine.
@_exported public import StatecraftCharts
@_exported public import StatecraftEngine
@_exported public import StatecraftMVVM
@_exported public import StatecraftMachines
@_exported public import StatecraftMatching
@_exported public import StatecraftStateObjects
@_exported public import StatecraftStore
