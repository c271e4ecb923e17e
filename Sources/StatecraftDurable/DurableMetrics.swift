#if Durable
  import Metrics

  /// What a durable runtime reports through swift-metrics. Each metric carries the dimension
  /// `definition` (the schema's definition: `order`, `reminder`), so that one dashboard tells an
  /// app's workflows apart. They are made once, with the runtime, through the factory current
  /// then: the one `MetricsSystem.bootstrap(_:)` installed (swift-prometheus's, for instance), or a
  /// task-local one that `withMetricsFactory(_:_:)` binds, as tests do. The Durability article
  /// lists them.
  struct DurableMetrics: Sendable {
    /// Steps committed by this process: events, timers and invocations' events.
    let steps: Counter
    /// Events whose id had been applied already: a retried `send`, or a timer another worker fired.
    let duplicates: Counter
    /// Commits that found another step committed first; each is retried, up to `maxAttempts`.
    let conflicts: Counter
    /// Attempts after the first of a step: what conflicts cost.
    let retries: Counter
    /// From loading the instance to its commit, for each committed step.
    let stepDuration: Metrics.Timer
    /// Steps that found their instance in this process's cache, and steps that read it from the
    /// database.
    let cacheHits: Counter
    let cacheMisses: Counter
    /// How long after its due time each timer fired.
    let timerLateness: Metrics.Timer
    /// Outputs handed to a dispatcher's handler that returned.
    let outputsDelivered: Counter
    /// Outputs committed and not yet delivered, counted after each dispatch round.
    let outboxDepth: Gauge
    /// From an output's step's commit to its handler's return, for each output delivered.
    let outboxLag: Metrics.Timer

    init(definition: String) {
      let dimensions = [("definition", definition)]
      steps = Counter(label: "statecraft_durable_steps_total", dimensions: dimensions)
      duplicates = Counter(label: "statecraft_durable_duplicate_events_total", dimensions: dimensions)
      conflicts = Counter(label: "statecraft_durable_conflicts_total", dimensions: dimensions)
      retries = Counter(label: "statecraft_durable_retries_total", dimensions: dimensions)
      stepDuration = Metrics.Timer(label: "statecraft_durable_step_duration_seconds", dimensions: dimensions)
      cacheHits = Counter(label: "statecraft_durable_cache_hits_total", dimensions: dimensions)
      cacheMisses = Counter(label: "statecraft_durable_cache_misses_total", dimensions: dimensions)
      timerLateness = Metrics.Timer(label: "statecraft_durable_timer_lateness_seconds", dimensions: dimensions)
      outputsDelivered = Counter(label: "statecraft_durable_outputs_delivered_total", dimensions: dimensions)
      outboxDepth = Gauge(label: "statecraft_durable_outbox_depth", dimensions: dimensions)
      outboxLag = Metrics.Timer(label: "statecraft_durable_outbox_lag_seconds", dimensions: dimensions)
    }
  }

  extension Metrics.Timer {
    /// Records `duration`, clamped at zero: a timer fired before its due time is not late.
    func record(_ duration: Duration) {
      let (seconds, attoseconds) = duration.components
      recordNanoseconds(max(0, seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000))
    }
  }
#endif
