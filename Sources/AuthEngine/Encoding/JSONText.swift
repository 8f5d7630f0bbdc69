import Foundation

/// JSON written as it is made: what the command line's `--json` prints, and a user as Firebase's
/// `User` (`write(_:current:chosen:)`). Keys are sorted by their UTF-8 bytes and slashes are not
/// escaped: the text Foundation's `JSONEncoder` printed with `.sortedKeys` and
/// `.withoutEscapingSlashes`, without its Codable path, which was half of `accounts --json` with 1,000
/// users (docs/benchmarks.md). `JSONTextTests` compares the two. The bytes are kept in memory of its
/// own, copied in whole: appending them to an array was close to half of writing a listed user.
public struct JSONText: ~Copyable {
  private var storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
  /// How many bytes it holds.
  private(set) var count = 0
  /// The last byte handed out (`drain`): what the next value is separated from while nothing is held.
  private var lastHandedOut: UInt8?

  public init() {}

  deinit { storage.deallocate() }

  /// What is written (and not yet handed to `drain`).
  public var bytes: [UInt8] { Array(storage[..<count]) }

  /// A command's value: nil and `NSNull` are `null`; a dictionary's nil values are left out (a
  /// `[String: Any]` matches `[String: Any?]` too); integers are numbers; a `JSONFragment` is written
  /// as it is. `NSNull` is asked last: casting a dictionary or an array to a class first bridges all
  /// of it to Foundation's objects.
  public mutating func write(_ value: Any?) {
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

  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let value): number(value)
    case .string(let text): string(text)
    case .array(let items): array(items) { $0.write($1) }
    case .object(let fields): object(fields) { $0.write($1) }
    }
  }

  /// An object whose keys the caller gives in sorted order (`write(_:current:chosen:)`).
  public mutating func beginObject() { separate(UInt8(ascii: "{")) }
  public mutating func endObject() { append(UInt8(ascii: "}")) }
  public mutating func beginArray() { separate(UInt8(ascii: "[")) }
  public mutating func endArray() { append(UInt8(ascii: "]")) }

  /// An object's key, then its value: a key of the program's own, which needs no escaping.
  public mutating func key(_ key: StaticString) {
    separate()
    let length = key.utf8CodeUnitCount
    reserve(length + 3)
    let start = storage.baseAddress! + count
    start.initialize(to: UInt8(ascii: "\""))
    (start + 1).update(from: key.utf8Start, count: length)
    (start + 1 + length).initialize(to: UInt8(ascii: "\""))
    (start + 2 + length).initialize(to: UInt8(ascii: ":"))
    count += length + 3
  }

  /// A key and its value: a string, or `null` for nil.
  public mutating func field(_ key: StaticString, _ value: String?) {
    self.key(key)
    string(value)
  }

  public mutating func field(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bool(value)
  }

  public mutating func field(_ key: StaticString, time: Date) {
    self.key(key)
    self.time(time)
  }

  public mutating func null() { separate(); raw("null") }
  public mutating func bool(_ flag: Bool) { separate(); raw(flag ? "true" : "false") }

  /// As `JSONEncoder` writes a `Double`: its description without a trailing ".0". JSON has no NaN or
  /// infinity: those are `null` (`JSONEncoder` refused the whole document).
  public mutating func number(_ number: Double) {
    guard number.isFinite else { return null() }
    separate()
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    text.withUTF8 { append($0) }
  }

  /// A string in quotes, or `null` for nil: `"` and `\` escaped, control characters as `\b \f \n \r \t`
  /// or `\u00XX`, everything else as its UTF-8 bytes.
  public mutating func string(_ text: String?) {
    guard let text else { return null() }
    if text.utf8.withContiguousStorageIfAvailable({ quoted($0, escaping: $0.contains(where: Self.isEscaped)) }) == nil {
      var copy = text
      copy.withUTF8 { quoted($0, escaping: $0.contains(where: Self.isEscaped)) }
    }
  }

  private mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>, escaping: Bool) {
    separate(UInt8(ascii: "\""))
    if escaping {
      for byte in utf8 { escape(byte) }
    } else {
      append(utf8)
    }
    append(UInt8(ascii: "\""))
  }

  /// `"`, `\` and the control characters.
  @inline(__always)
  private static func isEscaped(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// A date as `Date.ISO8601FormatStyle()` prints it, "2026-11-28T03:36:35Z" (UTC, whole seconds,
  /// rounded down), with the arithmetic of a day's date instead of a calendar's components: two dates per
  /// listed user (`accounts --json`). Before 1970 or after 9999, the format style prints it.
  public mutating func time(_ date: Date) {
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
    separate()
    let start = count
    raw("\"0000-00-00T00:00:00Z\"")
    // Each number's digits from the right, in the template's zeros.
    func put(_ value: Int, at offset: Int, _ digits: Int) {
      var value = value
      for index in (start + offset..<start + offset + digits).reversed() {
        storage[index] += UInt8(value % 10)
        value /= 10
      }
    }
    put(year, at: 1, 4)
    put(month, at: 6, 2)
    put(day, at: 9, 2)
    put(inDay / 3600, at: 12, 2)
    put(inDay / 60 % 60, at: 15, 2)
    put(inDay % 60, at: 18, 2)
  }

  /// A date stored as GRDB stores one, "yyyy-MM-dd HH:mm:ss.SSS" in UTC, as `time(_:)` writes the
  /// `Date` `StoredDate` reads from it: the same digits, for any such text from 1970 to 9999. False,
  /// and nothing written, for any other text.
  mutating func time(stored text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard StoredDate.parse(text) != nil,
      text[0] != UInt8(ascii: "1") || text[1] == UInt8(ascii: "9") && text[2] >= UInt8(ascii: "7")
    else { return false }
    separate()
    reserve(22)
    let start = storage.baseAddress! + count
    start.initialize(to: UInt8(ascii: "\""))
    (start + 1).update(from: text.baseAddress!, count: 19)
    (start + 11).initialize(to: UInt8(ascii: "T"))
    (start + 20).initialize(to: UInt8(ascii: "Z"))
    (start + 21).initialize(to: UInt8(ascii: "\""))
    count += 22
    return true
  }

  /// Hands all that is written to `write`, and keeps the memory: a long text is written out as it is
  /// made.
  public mutating func drain(_ write: (UnsafeRawBufferPointer) -> Void) {
    guard count > 0 else { return }
    write(UnsafeRawBufferPointer(start: storage.baseAddress, count: count))
    lastHandedOut = storage[count - 1]
    count = 0
  }

  /// Hands all that is written to `write`, then `value`: a value written elsewhere, in pieces
  /// (`SignedInJSON.users`), placed here as it is, without a copy.
  public mutating func drain(_ write: (UnsafeRawBufferPointer) -> Void, then value: [JSONFragment]) {
    separate()
    drain(write)
    for piece in value where !piece.bytes.isEmpty {
      piece.bytes.withUnsafeBytes(write)
      lastHandedOut = piece.bytes.last
    }
  }

  /// All that is written, to `write`, and the end of the line (`Output.json`).
  public consuming func finish(_ write: (UnsafeRawBufferPointer) -> Void) {
    append(UInt8(ascii: "\n"))
    write(UnsafeRawBufferPointer(start: storage.baseAddress, count: count))
  }

  public mutating func append(_ fragment: JSONFragment) {
    separate()
    fragment.bytes.withUnsafeBufferPointer { append($0) }
  }

  private mutating func object<Value>(_ fields: [String: Value], _ write: (inout JSONText, Value) -> Void) {
    beginObject()
    for (key, value) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      string(key)
      append(UInt8(ascii: ":"))
      write(&self, value)
    }
    endObject()
  }

  private mutating func array<Items: Sequence>(_ items: Items, _ write: (inout JSONText, Items.Element) -> Void) {
    beginArray()
    for item in items { write(&self, item) }
    endArray()
  }

  /// Text of the program's own, as it is: keys and punctuation a writer that knows its object's shape
  /// writes in one piece (`LocalAccounts.signedInJSON`). What follows is separated from it as from
  /// its last byte.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (storage.baseAddress! + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Room for `more` bytes: the memory doubles as it fills.
  @inline(__always)
  private mutating func reserve(_ more: Int) {
    if count + more > storage.count { grow(more) }
  }

  private mutating func grow(_ more: Int) {
    let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(storage.count * 2, count + more))
    _ = larger.initialize(fromContentsOf: storage[..<count])
    storage.deallocate()
    storage = larger
  }

  /// A comma before a value or key that follows another in its object or array: the last byte
  /// written is then the end of a value, never `{`, `[` or `:`.
  @inline(__always)
  private mutating func separate(_ next: UInt8? = nil) {
    let last = count > 0 ? storage[count - 1] : lastHandedOut ?? UInt8(ascii: "[")
    if last != UInt8(ascii: "{"), last != UInt8(ascii: "["), last != UInt8(ascii: ":") {
      append(UInt8(ascii: ","))
    }
    if let next { append(next) }
  }

  private mutating func escape(_ byte: UInt8) {
    let backslash = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""), backslash:
      append(backslash)
      append(byte)
    case 0x08: raw("\\b")
    case 0x0C: raw("\\f")
    case 0x0A: raw("\\n")
    case 0x0D: raw("\\r")
    case 0x09: raw("\\t")
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      raw("\\u00")
      append(hex[Int(byte >> 4)])
      append(hex[Int(byte & 0xF)])
    default: append(byte)
    }
  }
}

/// JSON already written, placed in a command's fields as it is (`Output.user`), or a piece of one
/// (`SignedInJSON.users`).
public struct JSONFragment: Sendable {
  public let bytes: [UInt8]

  public init(bytes: [UInt8]) { self.bytes = bytes }

  public static let null = JSONFragment(bytes: Array("null".utf8))
}
