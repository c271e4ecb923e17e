#if Durable
  import Foundation
  import Logging
  import Tracing

  /// What a durable runtime tells an operator beyond its metrics: a span of swift-distributed-
  /// tracing for each step and each output delivered, and swift-log lines at `debug` level, both
  /// labelled with the definition, the instance and the event id. The Durability article lists the
  /// spans, their attributes and the log lines.
  ///
  /// A step's span is a child of the caller's span (an HTTP request's, say), found in the task's
  /// `ServiceContext`; the step's trace context is stored with its outputs, so that the span
  /// delivering an output, in whichever process and however much later, continues the same trace.
  struct DurableTelemetry: Sendable {
    /// The span of each step, committed or not.
    static let stepSpan = "statecraft.durable.step"
    /// The span of creating an instance.
    static let createSpan = "statecraft.durable.create"
    /// The span of handing one output to a dispatcher's handler.
    static let deliverSpan = "statecraft.durable.deliver"

    /// The attributes' and metadata's keys.
    enum Key {
      static let definition = "statecraft.definition"
      static let instance = "statecraft.instance"
      static let eventID = "statecraft.event_id"
      static let version = "statecraft.version"
      static let attempts = "statecraft.attempts"
      static let outcome = "statecraft.outcome"
      static let output = "statecraft.output"
      static let outputID = "statecraft.output_id"
    }

    /// What became of a step, as its span's `statecraft.outcome`.
    enum Outcome: String {
      /// Committed by this call.
      case committed
      /// The event id had been applied: the recorded step is returned.
      case duplicate
      /// Nothing to commit: the instance's definition had nothing to do.
      case none
    }

    let definition: String
    let logger: Logger

    /// The current task's trace context as the instrument writes it into headers (W3C's
    /// `traceparent` with swift-otel), or `nil` when it writes nothing: no tracer, or no span.
    static func currentTraceContext() -> [String: String]? {
      var carrier: [String: String] = [:]
      InstrumentationSystem.instrument.inject(
        InstrumentationContext.current ?? .topLevel, into: &carrier, using: HeadersInjector())
      return carrier.isEmpty ? nil : carrier
    }

    /// The context an output's delivery starts from: the step's, when the output carries one, else
    /// the current task's.
    static func context(continuing traceContext: [String: String]?) -> InstrumentationContext {
      guard let traceContext else { return .current ?? .topLevel }
      var context = InstrumentationContext.topLevel
      InstrumentationSystem.instrument.extract(traceContext, into: &context, using: HeadersExtractor())
      return context
    }

    /// `logger`'s line about instance `id`, with the definition, the instance and `metadata`.
    /// Nothing is built unless the logger takes `debug` lines.
    func log(
      _ message: @autoclosure () -> Logger.Message, instance id: String,
      _ metadata: @autoclosure () -> Logger.Metadata
    ) {
      logger.debug(
        message(),
        metadata: metadata().merging([Key.definition: "\(definition)", Key.instance: "\(id)"]) { new, _ in new })
    }
  }

  /// Writes a trace context into a dictionary of headers.
  private struct HeadersInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
      carrier[key] = value
    }
  }

  /// Reads a trace context from a dictionary of headers.
  private struct HeadersExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
  }
#endif
