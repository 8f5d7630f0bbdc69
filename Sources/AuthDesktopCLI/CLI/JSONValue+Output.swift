import AuthEngine
import Foundation

/// What `--json` prints: the commands' `[String: Any?]` fields as the engine's `JSONValue`, encoded by
/// Foundation's `JSONEncoder` (sorted keys, slashes unescaped). `JSONSerialization` printed the same
/// text but first bridged every value to Foundation's object types, a millisecond of
/// `status --json`'s start (docs/benchmarks.md).
extension JSONValue {
  /// nil and `NSNull` are `null`; a dictionary's nil values are left out (a `[String: Any]` matches
  /// `[String: Any?]` too); integers are numbers. `NSNull` is asked last: casting a dictionary or an
  /// array to a class first bridges all of it to Foundation's objects, which made `accounts --json`
  /// with 1,000 users spend a quarter of its time there (docs/benchmarks.md).
  init(output value: Any?) {
    switch value {
    case nil: self = .null
    case let text as String: self = .string(text)
    case let flag as Bool: self = .bool(flag)
    case let number as Int: self = .number(Double(number))
    case let number as Double: self = .number(number)
    case let fields as [String: Any?]: self = .object(fields.compactMapValues { $0 }.mapValues(JSONValue.init(output:)))
    case let items as [Any]: self = .array(items.map(JSONValue.init(output:)))
    case is NSNull: self = .null
    case let value?: self = .string(String(describing: value))
    }
  }

  /// The text: one line, keys sorted.
  var outputText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
