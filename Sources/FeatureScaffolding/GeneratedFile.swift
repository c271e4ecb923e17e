/// One file that `scaffold-feature` writes.
public struct GeneratedFile: Sendable, Hashable {
  /// Which directory the file belongs in.
  public enum Destination: Sendable, Hashable {
    /// The feature's target, in a folder named after the feature.
    case sources
    /// The test target.
    case tests
  }

  /// Which directory the file goes in.
  public let destination: Destination
  /// The file's name, such as `ProfileState.swift`.
  public let name: String
  /// The file's text, exactly as written to disk.
  public let contents: String
}
