import AuthEngine
import Foundation

/// What `--json` prints: one line of JSON, written as it is made. Keys are sorted by their UTF-8
/// bytes and slashes are not escaped: the text Foundation's `JSONEncoder` printed with `.sortedKeys`
/// and `.withoutEscapingSlashes`, without its Codable path, which was half of `accounts --json` with
/// 1,000 users (docs/benchmarks.md). `CLIJSONTests` compares the two.
struct JSONText {
  private(set) var bytes: [UInt8] = []

  /// A command's value: nil and `NSNull` are `null`; a dictionary's nil values are left out (a
  /// `[String: Any]` matches `[String: Any?]` too); integers are numbers; a `JSONFragment` is written
  /// as it is. `NSNull` is asked last: casting a dictionary or an array to a class first bridges all
  /// of it to Foundation's objects.
  mutating func write(_ value: Any?) {
    switch value {
    case nil: null()
    case let text as String: string(text)
    case let flag as Bool: bool(flag)
    case let integer as Int: number(Double(integer))
    case let double as Double: number(double)
    case let fragment as JSONFragment: append(fragment)
    case let json as JSONValue: write(json)
    case let fields as [String: Any?]:
      object(fields.compactMapValues { $0 }) { $0.write($1) }
    case let items as [Any]: array(items) { $0.write($1) }
    case is NSNull: null()
    case let value?: string(String(describing: value))
    }
  }

  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let value): number(value)
    case .string(let text): string(text)
    case .array(let items): array(items) { $0.write($1) }
    case .object(let fields): object(fields) { $0.write($1) }
    }
  }

  /// An object whose keys the caller gives in sorted order (`Output.write(_:current:chosen:to:)`).
  mutating func beginObject() { separate(UInt8(ascii: "{")) }
  mutating func endObject() { bytes.append(UInt8(ascii: "}")) }
  mutating func beginArray() { separate(UInt8(ascii: "[")) }
  mutating func endArray() { bytes.append(UInt8(ascii: "]")) }

  /// An object's key, then its value: a key of the program's own, which needs no escaping.
  mutating func key(_ key: StaticString) {
    separate(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
  }

  /// A key and its value: a string, or `null` for nil.
  mutating func field(_ key: StaticString, _ value: String?) {
    self.key(key)
    string(value)
  }

  mutating func field(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bool(value)
  }

  mutating func field(_ key: StaticString, time: Date) {
    self.key(key)
    self.time(time)
  }

  mutating func null() { separate(); bytes.append(contentsOf: "null".utf8) }
  mutating func bool(_ flag: Bool) { separate(); bytes.append(contentsOf: (flag ? "true" : "false").utf8) }

  /// As `JSONEncoder` writes a `Double`: its description without a trailing ".0". JSON has no NaN or
  /// infinity: those are `null` (`JSONEncoder` refused the whole document).
  mutating func number(_ number: Double) {
    guard number.isFinite else { return null() }
    separate()
    let text = number.description
    bytes.append(contentsOf: (text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)).utf8)
  }

  /// A string in quotes, or `null` for nil: `"` and `\` escaped, control characters as `\b \f \n \r \t`
  /// or `\u00XX`, everything else as its UTF-8 bytes.
  mutating func string(_ text: String?) {
    guard var text else { return null() }
    separate(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
        for byte in utf8 { escape(byte) }
      } else {
        bytes.append(contentsOf: utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A date as `Date.ISO8601FormatStyle()` prints it, "2026-11-28T03:36:35Z" (UTC, whole seconds,
  /// rounded down), with the arithmetic of a day's date instead of a calendar's components: two dates per
  /// listed user (`accounts --json`). Before 1970 or after 9999, the format style prints it.
  mutating func time(_ date: Date) {
    let since1970 = date.timeIntervalSince1970.rounded(.down)
    guard since1970 >= 0, since1970 < 253_402_300_800 else { return string(date.formatted(.iso8601)) }
    let seconds = Int(since1970)
    // Howard Hinnant's civil_from_days, for days since 1970-01-01 ≥ 0.
    let shifted = seconds / 86_400 + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    let inDay = seconds % 86_400
    separate(UInt8(ascii: "\""))
    digits(year, 4)
    bytes.append(UInt8(ascii: "-"))
    digits(month, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(day, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(inDay / 3600, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(inDay / 60 % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(inDay % 60, 2)
    bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
  }

  private mutating func digits(_ value: Int, _ count: Int) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// Hands all that is written but the last byte (which the next value's comma depends on) to `write`,
  /// and keeps the buffer's memory: a long output is written out as it is made (`Output.flush`).
  mutating func drain(_ write: (ArraySlice<UInt8>) -> Void) {
    guard bytes.count > 1 else { return }
    write(bytes[..<(bytes.count - 1)])
    bytes.removeFirst(bytes.count - 1)
  }

  /// The end of the line (`Output.json`).
  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  mutating func append(_ fragment: JSONFragment) {
    separate()
    bytes.append(contentsOf: fragment.bytes)
  }

  private mutating func object<Value>(_ fields: [String: Value], _ write: (inout JSONText, Value) -> Void) {
    beginObject()
    for (key, value) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      string(key)
      bytes.append(UInt8(ascii: ":"))
      write(&self, value)
    }
    endObject()
  }

  private mutating func array<Items: Sequence>(_ items: Items, _ write: (inout JSONText, Items.Element) -> Void) {
    beginArray()
    for item in items { write(&self, item) }
    endArray()
  }

  /// A comma before a value or key that follows another in its object or array: the last byte
  /// written is then the end of a value, never `{`, `[` or `:`.
  private mutating func separate(_ next: UInt8? = nil) {
    if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "["), last != UInt8(ascii: ":") {
      bytes.append(UInt8(ascii: ","))
    }
    if let next { bytes.append(next) }
  }

  private mutating func escape(_ byte: UInt8) {
    let backslash = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""), backslash: bytes.append(contentsOf: [backslash, byte])
    case 0x08: bytes.append(contentsOf: [backslash, UInt8(ascii: "b")])
    case 0x0C: bytes.append(contentsOf: [backslash, UInt8(ascii: "f")])
    case 0x0A: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
    case 0x0D: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
    case 0x09: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
      bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    default: bytes.append(byte)
    }
  }
}

/// JSON already written, placed in a command's fields as it is (`Output.user`).
struct JSONFragment {
  let bytes: [UInt8]

  static let null = JSONFragment(bytes: Array("null".utf8))
}
