// Statecraft's front-ends sit on one engine, `StatecraftEngine`. Its public types (broadcasts,
// diagnostics, inspection) are part of Statecraft's API: `import Statecraft` brings them.
@_exported public import StatecraftEngine
