public import Foundation

/// Writes a feature's files to disk, never overwriting: if any of them exists, it writes none.
public struct FeatureWriter {
  /// The directory of the feature's target; sources go into a folder named after the feature.
  public let sourcesDirectory: URL
  /// The directory of the test target.
  public let testsDirectory: URL

  /// Creates a writer into a target's directory and its test target's directory.
  public init(sourcesDirectory: URL, testsDirectory: URL) {
    self.sourcesDirectory = sourcesDirectory
    self.testsDirectory = testsDirectory
  }

  /// Where `file` of `spec` goes.
  public func url(of file: GeneratedFile, for spec: FeatureSpec) -> URL {
    switch file.destination {
    case .sources: sourcesDirectory.appending(path: spec.name).appending(path: file.name)
    case .tests: testsDirectory.appending(path: file.name)
    }
  }

  /// Writes every file of `spec` and returns their URLs.
  ///
  /// - Throws: ``ScaffoldError/filesExist(_:)``, before writing anything, if a file is already
  ///   there; or the file system's error.
  @discardableResult
  public func write(_ spec: FeatureSpec) throws -> [URL] {
    let files = FeatureGenerator.files(for: spec).map { (url: url(of: $0, for: spec), file: $0) }
    let existing = files.map(\.url).filter { FileManager.default.fileExists(atPath: $0.path) }
    guard existing.isEmpty else { throw ScaffoldError.filesExist(existing.map(\.path)) }
    for (url, file) in files {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
    }
    return files.map(\.url)
  }
}
