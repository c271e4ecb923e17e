// swift-tools-version: 6.1

// Statecraft's benchmarks, kept in their own package so that users' builds never fetch
// package-benchmark. Run them in release from this folder:
//
//     swift package benchmark
//
// `Scripts/ratios.py` turns a run into ratios against the baselines measured in the same run.

import PackageDescription

let package = Package(
  name: "StatecraftBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Statecraft", path: "..", traits: ["LiveInspector", "Postgres"]),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
  ],
  targets: [
    // Tight loops outside the benchmark harness, as a new user would time them, and the binary to
    // profile with `perf`: `swift run -c release SendLoops store|machine|roundtrip|taskfloor|sideeffect|contextual|idlestore|idlecontextual [n]`.
    // It lives outside `Benchmarks/`: the benchmark plugin runs every executable target there.
    .executableTarget(
      name: "SendLoops",
      dependencies: [
        "HeapUsage", "NestedFeatures", "StateObjectShapes",
        .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
      ],
      path: "Tools/SendLoops"
    ),
    // The chart's and the machine's step and send in tight loops, for callgrind: only API old
    // enough to build against earlier commits, to compare instruction counts across them.
    .executableTarget(
      name: "ChartSteps",
      dependencies: [.product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/ChartSteps"
    ),
    // State-object transitions beside their floor, for callgrind.
    .executableTarget(
      name: "StateObjectSteps",
      dependencies: ["StateObjectShapes", .product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/StateObjectSteps"
    ),
    // State-object transitions as a client times them (issue 47): Statecraft only through its
    // public product, beside the blog post's machine written in the same program.
    .executableTarget(
      name: "StateObjectClient",
      dependencies: ["HeapUsage", .product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/StateObjectClient"
    ),
    // `send` through nested features on the main thread, for callgrind.
    .executableTarget(
      name: "NestedSends",
      dependencies: ["NestedFeatures", .product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/NestedSends"
    ),
    // `Store.send` with inspectors attached, for callgrind: what the engine's records cost.
    .executableTarget(
      name: "InspectedSends",
      dependencies: [
        .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
      ],
      path: "Tools/InspectedSends"
    ),
    // The live inspector under load: throughput with a page that never reads, and the heap.
    .executableTarget(
      name: "InspectorLoad",
      dependencies: [
        "HeapUsage", "StalledPage", .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftInspector", package: "Statecraft"),
      ],
      path: "Tools/InspectorLoad"
    ),
    // Durable charts on SQLite against raw sqlite-nio transactions of the same SQL.
    .executableTarget(
      name: "DurableLoad",
      dependencies: [
        .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftDurable", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ],
      path: "Tools/DurableLoad"
    ),
    // Durable charts on PostgreSQL from 1, 2 and 4 processes, against raw postgres-nio
    // transactions of the same statement.
    .executableTarget(
      name: "PostgresLoad",
      dependencies: [
        .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftDurable", package: "Statecraft"),
        .product(name: "StatecraftPostgres", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ],
      path: "Tools/PostgresLoad"
    ),
    // What a journal costs an app: steps a second, bytes a step, one row's change in a large
    // state, and the state at any step of a million-step journal (issue 45).
    .executableTarget(
      name: "JournalLoad",
      dependencies: [
        "HeapUsage", .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
      ],
      path: "Tools/JournalLoad"
    ),
    // A page that opens the inspector's WebSocket and never reads it: the slowest page there is.
    .target(name: "StalledPage", path: "Tools/StalledPage"),
    // Ten distinct features nested as an app nests them, for the composition benchmarks.
    .target(
      name: "NestedFeatures",
      dependencies: [.product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/NestedFeatures"
    ),
    // bpisano's blog post's bare main-actor machine, the floor of a state-object transition, and the
    // state shapes both transition between.
    .target(
      name: "StateObjectShapes",
      dependencies: [.product(name: "Statecraft", package: "Statecraft")],
      path: "Tools/StateObjectShapes"
    ),
    // The allocator's bytes in use, for the benchmarks that measure what an idle owner keeps.
    .target(name: "HeapUsage", path: "Tools/HeapUsage"),
    .executableTarget(
      name: "StatecraftBenchmarks",
      dependencies: [
        "HeapUsage",
        "NestedFeatures",
        "StateObjectShapes",
        .product(name: "Statecraft", package: "Statecraft"),
        .product(name: "StatecraftJournal", package: "Statecraft"),
        .product(name: "StatecraftInspector", package: "Statecraft"),
        "StalledPage",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/StatecraftBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
