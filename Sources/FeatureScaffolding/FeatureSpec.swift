/// What `scaffold-feature` generates: a feature's name and the options that shape its files.
public struct FeatureSpec: Sendable, Hashable {
  /// The feature's name, such as `Profile`: a type name that starts with an uppercase letter.
  public let name: String
  /// The module that holds the feature's sources, which the generated test imports.
  public let module: String
  /// Whether the renderer sees the view model through a protocol, so tests can pass a fake.
  public var usesInterface: Bool
  /// Whether the state is a list of items that the renderer shows as a collection, with a
  /// diffable snapshot on UIKit.
  public var isCollection: Bool

  /// Creates a spec, or throws if `name` or `module` is not a Swift type name.
  public init(
    name: String, module: String, usesInterface: Bool = false, isCollection: Bool = false
  ) throws(ScaffoldError) {
    guard Self.isTypeName(name) else { throw .invalidFeatureName(name) }
    guard Self.isIdentifier(module) else { throw .invalidModuleName(module) }
    self.name = name
    self.module = module
    self.usesInterface = usesInterface
    self.isCollection = isCollection
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }

  private static func isTypeName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isUppercase else { return false }
    return isIdentifier(text)
  }
}

/// Why `scaffold-feature` could not generate a feature.
public enum ScaffoldError: Error, Hashable, CustomStringConvertible {
  case invalidFeatureName(String)
  case invalidModuleName(String)
  /// The files that are already there. Nothing was written.
  case filesExist([String])

  /// What went wrong, and what to do instead.
  public var description: String {
    switch self {
    case .invalidFeatureName(let name):
      "'\(name)' is not a feature name: use a Swift type name that starts with an uppercase letter, such as Profile"
    case .invalidModuleName(let name):
      "'\(name)' is not a module name: use the name of a Swift target"
    case .filesExist(let paths):
      "not overwriting existing files, so none were written:\n  " + paths.joined(separator: "\n  ")
    }
  }
}
