/// A JSON value, as a migration sees an older snapshot's state: renamed fields, new fields with
/// defaults, and reshaped values are edits to it.
///
/// ```swift
/// struct Todos: Codable { var items: [String] }
/// ```
///
/// ```swift
/// let schema = SnapshotSchema<Todos>("todos", version: 2)
///   .migrating(from: 1) { state in
///     state["items"] = state["todos"]        // version 2 renamed `todos` to `items`
///     state["todos"] = nil
///   }
/// print(schema)
/// ```
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number that fits in 64 bits: kept exact, unlike a `Double`.
  case integer(Int64)
  /// Any number that does not decode as an ``integer(_:)``, such as `0.5` or `1e300`.
  case number(Double)
  /// A string.
  case string(String)
  /// An array, its elements in order.
  case array([JSONValue])
  /// An object: its keys and their values, in no order.
  case object([String: JSONValue])

  /// The value of `key` in an object; `nil` for a missing key or a value that is not an object.
  /// Setting `nil` removes the key; setting a key of a value that is not an object makes it one.
  public subscript(key: String) -> JSONValue? {
    get {
      guard case .object(let fields) = self else { return nil }
      return fields[key]
    }
    set {
      var fields: [String: JSONValue] = [:]
      if case .object(let existing) = self { fields = existing }
      fields[key] = newValue
      self = .object(fields)
    }
  }

  /// The element at `index` of an array; `nil` when out of range or not an array.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// Decodes any JSON value: `null`, a Boolean, a whole number that fits in `Int64`, any other
  /// number, a string, an array, or an object, tried in that order.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the JSON the value holds, as it is: an ``integer(_:)`` as a whole number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }

  /// The value as compact JSON, with its objects' keys sorted: `{"count":1,"title":"milk"}`.
  public var description: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Fails only for a number JSON cannot hold (NaN, infinity).
    guard let data = try? encoder.encode(self) else { return "<not representable as JSON>" }
    return String(decoding: data, as: UTF8.self)
  }
}

extension JSONValue {
  /// `value`, as JSON.
  static func encoding(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }

  /// This JSON, decoded as `type`.
  func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
    try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
  }
}
