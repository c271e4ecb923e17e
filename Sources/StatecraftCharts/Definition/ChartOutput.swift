/// The name of a side effect that a chart's action asks its runtime to perform.
///
/// A chart's definition stays pure: where XState calls an action implementation, a Statecraft
/// chart emits an output, and the running chart hands it, with the context of that moment, to the
/// handler you give it. Declare outputs as static constants to write them with a leading dot:
///
/// ```swift
/// extension ChartOutput {
///   static let startSpinner: ChartOutput = "startSpinner"
/// }
/// ```
///
/// ```swift
/// let chart = Statechart<String, String, EmptyChartContext>(initial: "loading", context: .init()) {
///   StateNode("loading") {
///     Entry(.output(.startSpinner))
///   }
/// }
/// #expect(chart.validate().isEmpty)
/// ```
public struct ChartOutput: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The output's name.
  public let name: String

  /// An output named `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// An output named by a string literal: `let output: ChartOutput = "startSpinner"`.
  public init(stringLiteral name: String) {
    self.name = name
  }

  /// The output's name.
  public var description: String { name }

  /// Decodes an output from its name alone, a single string.
  public init(from decoder: any Decoder) throws {
    name = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the output as its name alone, a single string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
