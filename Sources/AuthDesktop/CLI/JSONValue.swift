import Foundation

/// What `--json` prints, built from the commands' `[String: Any?]` fields and encoded by Foundation's
/// `JSONEncoder` (sorted keys, slashes unescaped). `JSONSerialization` printed the same text but first
/// bridged every value to Foundation's object types, a millisecond of `status --json`'s start
/// (docs/benchmarks.md).
enum JSONValue: Encodable {
  case string(String)
  case bool(Bool)
  case int(Int)
  case double(Double)
  case null
  indirect case array([JSONValue])
  indirect case object([String: JSONValue])

  /// nil and `NSNull` are `null`; a dictionary's nil values are left out.
  init(_ value: Any?) {
    switch value {
    case nil, is NSNull: self = .null
    case let text as String: self = .string(text)
    case let flag as Bool: self = .bool(flag)
    case let number as Int: self = .int(number)
    case let number as Double: self = .double(number)
    case let fields as [String: Any?]: self = .object(fields.compactMapValues { $0 }.mapValues(JSONValue.init))
    case let fields as [String: Any]: self = .object(fields.mapValues(JSONValue.init))
    case let items as [Any]: self = .array(items.map(JSONValue.init))
    case let value?: self = .string(String(describing: value))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .string(let text): try encodeSingle(text, encoder)
    case .bool(let flag): try encodeSingle(flag, encoder)
    case .int(let number): try encodeSingle(number, encoder)
    case .double(let number): try encodeSingle(number, encoder)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let fields):
      var container = encoder.container(keyedBy: Key.self)
      for (name, value) in fields { try container.encode(value, forKey: Key(stringValue: name)) }
    }
  }

  private func encodeSingle(_ value: some Encodable, _ encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }

  /// The text: one line, keys sorted.
  var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  private struct Key: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }
}
