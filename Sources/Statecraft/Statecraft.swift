// Collection features are `IdentifiedArray`s, as in The Composable Architecture: `import Statecraft`
// brings them too, so that a feature needs no second dependency.
@_exported public import IdentifiedCollections
// Statecraft's front-ends sit on one engine, `StatecraftEngine`. Its public types (broadcasts,
// diagnostics, inspection) are part of Statecraft's API: `import Statecraft` brings them.
@_exported public import StatecraftEngine
