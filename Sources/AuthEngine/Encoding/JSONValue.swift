import Foundation

/// A JSON document as data (provider profiles, JWT claims).
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Each kind is tried in turn, and each miss throws (and describes) a `DecodingError`: the most
  /// common kinds of a provider's answer go first — strings, then booleans and numbers — so a string
  /// costs no miss where it cost two, and an object three where it cost four.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode([String: JSONValue].self) {
      self = .object(value)
    } else {
      self = .array(try container.decode([JSONValue].self))
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  public var string: String? { if case .string(let value) = self { value } else { nil } }
  public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  public var number: Double? { if case .number(let value) = self { value } else { nil } }
  public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
  public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

  /// An integer number, or a string holding one (ids arrive either way).
  public var integerString: String? {
    switch self {
    case .number(let value) where value == value.rounded() && abs(value) < 1e15: String(Int64(value))
    case .string(let value) where !value.isEmpty && value.allSatisfy(\.isNumber): value
    default: nil
    }
  }

  /// Parses `data`; nil when it is not JSON.
  public static func parse(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }
}
