// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Statecraft",
  platforms: [
    .macOS(.v15),
    .iOS(.v18),
    .tvOS(.v18),
    .watchOS(.v11),
    .visionOS(.v2),
  ],
  products: [
    .library(name: "Statecraft", targets: ["Statecraft"]),
    .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
    .library(name: "StatecraftJournal", targets: ["StatecraftJournal"]),
    .library(name: "StatecraftInspector", targets: ["StatecraftInspector"]),
    .library(name: "StatecraftDurable", targets: ["StatecraftDurable"]),
    .library(name: "StatecraftPostgres", targets: ["StatecraftPostgres"]),
    .library(name: "StatecraftServices", targets: ["StatecraftServices"]),
    .executable(name: "statecraft-demo", targets: ["statecraft-demo"]),
    .executable(name: "statecraft-journal", targets: ["statecraft-journal"]),
    .plugin(name: "ScaffoldFeature", targets: ["ScaffoldFeature"]),
  ],
  // The products that need a server stack are behind traits, all off by default, so that an app
  // that adds Statecraft for a store, and a first `swift run statecraft-demo`, never compile
  // SwiftNIO, Hummingbird, SQLite or a TLS stack. An app turns on the ones it uses
  // (`.package(url: …, from: …, traits: ["Durable"])`); in this repository, `--traits` or
  // `--enable-all-traits` on `swift build`, `swift run` and `swift test`.
  traits: [
    .trait(
      name: "LiveInspector",
      description: "The live inspector web page (StatecraftInspector), on Hummingbird"),
    .trait(
      name: "Durable",
      description: "Durable statecharts, machines and stores in SQLite (StatecraftDurable), on sqlite-nio"),
    .trait(
      name: "Postgres",
      description: "Durable statecharts in PostgreSQL across processes (StatecraftPostgres), on postgres-nio",
      enabledTraits: ["Durable"]),
    .trait(
      name: "Services",
      description:
        "The durable runtime's workers as services of swift-service-lifecycle (StatecraftServices)",
      enabledTraits: ["Durable"]),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    // Only the example order service (Examples/OrderService) uses it.
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    // Only the example order service's executable (and the samples that show it) use it, to export
    // its traces over OTLP/HTTP.
    .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
    // `swift package generate-documentation`: a command plugin, never linked into a build.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The one engine under every front-end: owners' mailboxes, state, effects, broadcasts,
    // inspection and diagnostics. It knows no front-end; `package` access lets the compiler keep
    // the dependency pointing one way.
    .target(
      name: "StatecraftEngine",
      dependencies: [
        "CStatecraftRuntime",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // What Swift cannot read itself: the processor's tick counter, which the live inspector stamps
    // a store's steps with (see `StepTicks`), and the running task's address (see `CurrentTask`).
    .target(name: "CStatecraftRuntime"),
    // The front-ends, each a module over the engine; the module graph is the architecture:
    //   StatecraftMatching      how the two DSLs match values by case (`DSLCompatible`)
    //   StatecraftMachines      the declarative `StateMachine` DSL and its running machine
    //   StatecraftCharts        statecharts: definition, step function, running chart
    //   StatecraftStateObjects  `ContextualStateMachine` and its state objects
    //   StatecraftMVVM          broadcasts' protocols for view models, over machines and state objects
    //   StatecraftStore         the Elm-style `Store`, composition, and charts as child features
    .target(name: "StatecraftMatching", dependencies: ["StatecraftMacros"]),
    .target(name: "StatecraftMachines", dependencies: ["StatecraftEngine", "StatecraftMatching"]),
    .target(
      name: "StatecraftCharts",
      dependencies: [
        "StatecraftEngine", "StatecraftMatching",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ]
    ),
    .target(name: "StatecraftStateObjects", dependencies: ["StatecraftEngine"]),
    .target(
      name: "StatecraftMVVM",
      dependencies: ["StatecraftEngine", "StatecraftMachines", "StatecraftStateObjects", "StatecraftMacros"]
    ),
    .target(
      name: "StatecraftStore",
      dependencies: [
        "StatecraftEngine", "StatecraftCharts", "StatecraftMacros", "CStatecraftRuntime",
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    // `import Statecraft`: every front-end, the engine's public types, and `IdentifiedArray`.
    .target(
      name: "Statecraft",
      dependencies: [
        "StatecraftEngine", "StatecraftMatching", "StatecraftMachines", "StatecraftCharts",
        "StatecraftStateObjects", "StatecraftMVVM", "StatecraftStore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .macro(
      name: "StatecraftMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    // Snapshots with schema versions and migrations, journals, replay and time travel: its own
    // module, so that only apps that persist or journal link Foundation's JSON coders for it.
    .target(
      name: "StatecraftJournal",
      dependencies: [
        // The front-ends its documentation links to, as direct dependencies: DocC resolves links
        // into a module's archive only for a target's direct dependencies.
        "Statecraft", "StatecraftStore", "StatecraftMachines", "StatecraftCharts",
        "StatecraftEngine",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // The live inspector: a page on loopback that shows every owner an app attaches to it. Its code
    // is under `#if LiveInspector`, so that with the trait off it builds as an empty module.
    .target(
      name: "StatecraftInspector",
      dependencies: [
        "Statecraft",
        "StatecraftEngine",
        "StatecraftJournal",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["LiveInspector"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["LiveInspector"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["LiveInspector"])),
        .product(
          name: "HummingbirdWebSocket", package: "hummingbird-websocket",
          condition: .when(traits: ["LiveInspector"])),
      ],
      resources: [.copy("Resources/inspector.html")]
    ),
    // Durable statecharts, machines and stores: instances by id in a database, one transaction per
    // step. Its code is under `#if Durable`, so that with the trait off it builds as an empty module.
    .target(
      name: "StatecraftDurable",
      dependencies: [
        "Statecraft", "StatecraftStore", "StatecraftMachines", "StatecraftCharts", "StatecraftMatching",
        "StatecraftEngine",
        "StatecraftJournal",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["Durable"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Durable"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Durable"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Durable"])),
        .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Durable"])),
        .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Durable"])),
      ]
    ),
    // PostgreSQL storage for durable statecharts, machines and stores, for several processes on
    // several machines: a module of its own, so that an app on SQLite never compiles postgres-nio
    // (nor SwiftNIO SSL and Crypto, which it brings). Its code is under `#if Postgres`.
    .target(
      name: "StatecraftPostgres",
      dependencies: [
        "StatecraftDurable",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
      ]
    ),
    // The durable runtime's workers (timers, outbox, invocations) as swift-service-lifecycle
    // services, which start and stop with a Hummingbird or Vapor app. Its code is under
    // `#if Services`.
    .target(
      name: "StatecraftServices",
      dependencies: [
        "StatecraftDurable", "StatecraftEngine",
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Services"])),
      ]
    ),
    .target(
      name: "StatecraftTesting",
      dependencies: [
        "StatecraftMachines", "StatecraftCharts",
        "StatecraftJournal",
        "Statecraft",
        "StatecraftEngine",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .executableTarget(
      name: "statecraft-demo",
      dependencies: [
        "Statecraft",
        "SearchFeature",
        "CounterFeature",
        "StatecraftJournal",
        "StatecraftInspector",
        "StatecraftDurable",
        "StatecraftPostgres",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    // Turns a journal into a test: `swift run statecraft-journal test <file> --reducer <name>`.
    .executableTarget(name: "statecraft-journal", dependencies: ["StatecraftJournal"]),
    // An order service on Hummingbird over durable charts in PostgreSQL, with its workers as
    // services, its metrics for Prometheus and its traces over OTLP (swift-otel, in the executable
    // only). Its code is under `#if Postgres && Services`.
    .target(
      name: "OrderService",
      dependencies: [
        "Statecraft", "StatecraftDurable", "StatecraftJournal", "StatecraftPostgres", "StatecraftServices",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Postgres"])),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Postgres"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Postgres"])),
      ],
      path: "Examples/OrderService"
    ),
    .executableTarget(
      name: "statecraft-order-service",
      dependencies: [
        "OrderService", "StatecraftPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Postgres"])),
        .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Postgres"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
        .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Postgres"])),
        .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["Postgres"])),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Postgres"])),
      ],
      path: "Examples/OrderServiceMain"
    ),
    // A counter with Codable state and actions: what the journal examples record and replay.
    .target(
      name: "CounterFeature",
      dependencies: ["StatecraftJournal"],
      path: "Examples/CounterFeature"
    ),
    // `scaffold-feature`: the generator, the tool that writes its files, and the command plugin.
    .target(name: "FeatureScaffolding"),
    .executableTarget(name: "statecraft-scaffold", dependencies: ["FeatureScaffolding"]),
    .plugin(
      name: "ScaffoldFeature",
      capability: .command(
        intent: .custom(
          verb: "scaffold-feature",
          description: "Writes a feature's state, view model, renderer and test"),
        permissions: [
          .writeToPackageDirectory(reason: "It writes the new feature's files into your targets")
        ]
      ),
      dependencies: ["statecraft-scaffold"]
    ),
    // The generator's output for four sample features, built and tested as any feature would be.
    // `FeatureScaffoldingTests` checks that the generator still writes exactly these files.
    .target(
      name: "GoldenFeature",
      dependencies: ["Statecraft"],
      path: "Tests/Golden/GoldenFeature"
    ),
    .testTarget(
      name: "GoldenFeatureTests",
      dependencies: ["GoldenFeature", "Statecraft"],
      path: "Tests/Golden/GoldenFeatureTests"
    ),
    .testTarget(
      name: "FeatureScaffoldingTests",
      dependencies: ["FeatureScaffolding"]
    ),
    // The search demo's feature, which StatecraftTestingTests tests with the test store.
    .target(
      name: "SearchFeature",
      dependencies: ["Statecraft"],
      path: "Examples/SearchFeature"
    ),
    // The README samples of the libraries Statecraft replaces, compiled against it with the
    // migration guides' renames; the tests drive them.
    .target(
      name: "MigratedSamples",
      dependencies: ["Statecraft"],
      path: "Examples/MigratedSamples"
    ),
    // A Swift 5 language-mode client, built with warnings as errors: AsyncStateMachine's users
    // pass case constructors without "converting non-Sendable function value" warnings.
    .target(
      name: "Swift5Client",
      dependencies: ["Statecraft"],
      path: "Examples/Swift5Client",
      swiftSettings: [.swiftLanguageMode(.v5), .treatAllWarnings(as: .error)]
    ),
    .testTarget(
      name: "StatecraftTests",
      dependencies: [
        "Statecraft",
        "StatecraftJournal",
        "StatecraftEngine",
        "MigratedSamples",
        "Swift5Client",
        "StatecraftTesting",
        "journal-recorder",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      exclude: ["Statechart/SCXMLConformance/README.md"]
    ),
    .testTarget(
      name: "StatecraftTestingTests",
      dependencies: [
        "Statecraft",
        "StatecraftTesting",
        "SearchFeature",
        "CounterFeature",
        "StatecraftJournal",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      // The journal the generated replay test reads from beside itself.
      exclude: ["Journals/counter.jsonl"]
    ),
    // Talks to a real inspector server on loopback, with raw HTTP and WebSocket requests whose
    // headers it chooses (a wrong Host, a foreign Origin), over SwiftNIO.
    .testTarget(
      name: "StatecraftInspectorTests",
      dependencies: [
        "Statecraft",
        "StatecraftInspector",
        "StatecraftJournal",
        "CounterFeature",
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["LiveInspector"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["LiveInspector"])),
      ]
    ),
    // Durable charts, machines and stores against a real SQLite file, and a real PostgreSQL server
    // when `STATECRAFT_POSTGRES_URL` names one (`.ci/run` starts one). The kill tests run several
    // `durable-worker` processes.
    .testTarget(
      name: "StatecraftDurableTests",
      dependencies: [
        "Statecraft", "StatecraftDurable", "StatecraftJournal", "StatecraftPostgres", "DurableWorkload",
        .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["Durable"])),
        .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Durable"])),
        .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Durable"])),
        .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Durable"])),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing", condition: .when(traits: ["Durable"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Durable"])),
        .product(name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["Durable"])),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        // The example order service, through Hummingbird's own test client.
        "OrderService",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Postgres"])),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Postgres"])),
        .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Postgres"])),
      ]
    ),
    // The durable services under graceful shutdown, with swift-service-lifecycle's own test kit,
    // on SQLite and a test clock.
    .testTarget(
      name: "StatecraftServicesTests",
      dependencies: [
        "Statecraft", "StatecraftDurable", "StatecraftJournal", "StatecraftServices",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Services"])),
        .product(
          name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle", condition: .when(traits: ["Services"])),
      ]
    ),
    // The chart, events and checks the multi-process kill tests share with their worker.
    .target(
      name: "DurableWorkload",
      dependencies: [
        "Statecraft", "StatecraftDurable", "StatecraftJournal", "StatecraftPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
      ],
      path: "Tests/DurableWorkload"
    ),
    // The OS process of the journal crash test: records a journal until the test kills it.
    .executableTarget(
      name: "journal-recorder",
      dependencies: ["StatecraftJournal"],
      path: "Tests/JournalRecorder"
    ),
    // One OS process of the kill tests: sends its share of the events, or fires timers, on
    // PostgreSQL; the test kills it with SIGKILL and starts it again.
    .executableTarget(
      name: "durable-worker",
      dependencies: [
        "DurableWorkload", "StatecraftDurable", "StatecraftPostgres", "StatecraftServices",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Services"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Services"])),
      ],
      path: "Tests/DurableWorker"
    ),
    // Every Swift block of the README, of the DocC articles and tutorial steps, and of the
    // libraries' doc comments, compiled: `CompileSamples` writes one file per document with
    // `statecraft-samples`, and this target compiles them beside the extractor's own tests. Built
    // in the language mode users build in, without the upcoming features the package's own targets
    // enable. A sample that imports a trait's module compiles only with that trait on.
    .target(name: "SampleExtraction"),
    .executableTarget(name: "statecraft-samples", dependencies: ["SampleExtraction"]),
    .plugin(name: "CompileSamples", capability: .buildTool(), dependencies: ["statecraft-samples"]),
    .testTarget(
      name: "StatecraftSampleTests",
      dependencies: [
        "SampleExtraction", "Statecraft", "StatecraftEngine", "StatecraftMatching", "StatecraftMachines",
        "StatecraftCharts", "StatecraftStateObjects", "StatecraftMVVM", "StatecraftStore", "StatecraftTesting",
        "StatecraftJournal",
        "StatecraftInspector", "StatecraftDurable", "StatecraftPostgres", "StatecraftServices", "OrderService",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Services"])),
        .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Durable"])),
        .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Postgres"])),
        .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["Postgres"])),
        // The documentation-coverage tests read the libraries' public declarations.
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      plugins: ["CompileSamples"]
    ),
    .testTarget(
      name: "StatecraftMacrosTests",
      dependencies: [
        "StatecraftMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin && target.name != "StatecraftSampleTests" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
