/// The four shapes of text that reach an assertion inside toml++ 3.4.0 (the parser under TOMLKit
/// 0.6.0, the only version this project builds with) instead of one of its syntax errors. A debug build
/// aborts there; a release build compiles the assertion into an assumption, so what follows is
/// undefined. `ConfigurationLoader` refuses them before parsing, as the syntax errors they are:
///
/// - a table header whose first key character is neither a bare-key character nor a quote:
///   `[=]`, `[[.a]]`, `[ #]` (toml++ `parse_table_header` calls `parse_key`, which asserts
///   `is_bare_key_character(*cp) || is_string_delimiter(*cp)`);
/// - an array whose next value starts with `}` or with U+0085, U+2028 or U+2029: `a=[}`, `a=[1,}`
///   (`parse_array` calls `parse_value`, which asserts `!is_value_terminator(*cp)`; the array skips
///   spaces, tabs, line breaks and comments but no other "whitespace", and handles `,` and `]`);
/// - a value that toml++ takes for a date-time (`YYYY-MM-DD`, `T`, and a `:` further on) whose time
///   does not start with a digit: `a=1979-05-27Tx:00` (`parse_date_time` calls `parse_time`, which
///   asserts `is_decimal_digit(*cp)`);
/// - a date (or ten characters shaped like one), a space, one digit and the value's end: `a=1979-05-27 1,` (toml++ looks past the space for
///   a date-time's time, and its scan asserts `!is_value_terminator(*cp)` after that digit).
///
/// The scan follows toml++'s reading up to any of them: strings, comments, table headers, arrays and
/// inline tables. Where toml++ is certain to fail earlier (a line break inside an inline table, a
/// stray `]`), it stops: the parser reports that error itself. Valid TOML never has any of them.
struct TOMLPreflight {
  /// Where the first such shape starts (1-based, in Unicode scalars as toml++ counts), or nil.
  struct Position: Equatable {
    var line: Int
    var column: Int
  }

  private enum Bracket { case array, inlineTable }

  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var stack: [Bracket] = []
  /// An array's next value starts here (after its `[`, or a `,`).
  private var expectsArrayValue = false
  /// At the start of a line outside any value: a table header may begin.
  private var atLineStart = true
  /// A value starts here (after a key's `=`, or where an array expects one).
  private var expectsValue = false

  static func firstAssertingShape(in text: String) -> Position? {
    var scan = TOMLPreflight(scalars: Array(text.unicodeScalars.prefix { $0 != "\0" }))
    return scan.run()
  }

  private init(scalars: [Unicode.Scalar]) {
    self.scalars = scalars
    if scalars.first == "\u{FEFF}" { index = 1 }
  }

  private var position: Position { Position(line: line, column: index - lineStart + 1) }
  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private static func isBareKey(_ c: Unicode.Scalar) -> Bool {
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
  }
  private static let verticalNonASCII: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]

  private mutating func newline() {
    index += 1
    line += 1
    lineStart = index
    if stack.isEmpty { atLineStart = true }
  }

  /// nil: no asserting shape before the end, or before a point where toml++ surely fails first.
  private mutating func run() -> Position? {
    while let c = peek() {
      switch c {
      case " ", "\t": index += 1
      case "\n":
        if stack.last == .inlineTable { return nil }
        newline()
      case "\r":
        guard peek(1) == "\n" else { return nil }
        index += 1
      case "#":
        while let d = peek(), d != "\n" { index += 1 }
      case "\"", "'":
        (expectsValue, expectsArrayValue, atLineStart) = (false, false, false)
        guard skipString() else { return nil }
      case "[" where atLineStart && stack.isEmpty:
        atLineStart = false
        switch header() {
        case .shape(let at): return at
        case .fails: return nil
        case .read: break
        }
      case "[":
        stack.append(.array)
        (expectsValue, expectsArrayValue, atLineStart) = (false, true, false)
        index += 1
      case "{":
        stack.append(.inlineTable)
        (expectsValue, expectsArrayValue, atLineStart) = (false, false, false)
        index += 1
      case "}":
        if expectsArrayValue { return position }
        guard stack.popLast() == .inlineTable else { return nil }
        index += 1
      case "]":
        guard stack.popLast() == .array else { return nil }
        expectsArrayValue = false
        index += 1
      case ",":
        if stack.last == .array { expectsArrayValue = true }
        if stack.isEmpty { return nil }
        index += 1
      case _ where Self.verticalNonASCII.contains(c):
        return expectsArrayValue ? position : nil
      case "=":
        (expectsValue, expectsArrayValue, atLineStart) = (true, false, false)
        index += 1
      default:
        if expectsValue || expectsArrayValue, let at = dateTimeWithoutTime() ?? dateThenOneDigit() { return at }
        (expectsValue, expectsArrayValue, atLineStart) = (false, false, false)
        index += 1
      }
    }
    return nil
  }

  /// At a value's first character: `YYYY-MM-DD`, then `T` or `t`, then neither a digit nor the end of
  /// the value, and a `:` later in the value (what makes toml++ read it as a date-time).
  private func dateTimeWithoutTime() -> Position? {
    func isDigit(_ offset: Int) -> Bool { peek(offset).map { $0 >= "0" && $0 <= "9" } ?? false }
    for offset in 0..<10 where [4, 7].contains(offset) ? peek(offset) != "-" : !isDigit(offset) { return nil }
    guard peek(10) == "T" || peek(10) == "t", !isDigit(11) else { return nil }
    var offset = 11
    while let c = peek(offset), !Self.endsValue(c) {
      if c == ":" { return Position(line: line, column: index + 11 - lineStart + 1) }
      offset += 1
    }
    return nil
  }

  /// At a value's first character: ten characters up to a value terminator (`_` not counted, as
  /// toml++ skips it), the 1st a digit and the 5th and 8th a `-`, then a space, one digit, and a value
  /// terminator (not the end of the text).
  private func dateThenOneDigit() -> Position? {
    var kept: [Unicode.Scalar] = []
    var offset = 0
    while let c = peek(offset), !Self.endsValue(c), kept.count <= 10 {
      if c != "_" { kept.append(c) }
      offset += 1
    }
    func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }
    guard kept.count == 10, isDigit(kept[0]), kept[4] == "-", kept[7] == "-", peek(offset) == " ",
      isDigit(peek(offset + 1)), let end = peek(offset + 2), Self.endsValue(end)
    else { return nil }
    return Position(line: line, column: index + offset + 2 - lineStart + 1)
  }

  /// toml++'s value terminators: whitespace, `]`, `}`, `,` and `#`.
  private static func endsValue(_ c: Unicode.Scalar) -> Bool {
    [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "]", "}", ",", "#"].contains(c) || verticalNonASCII.contains(c)
      || c.properties.isWhitespace
  }

  private enum HeaderResult { case read, fails, shape(Position) }

  /// A table header at `[`: checks its first key character as toml++ reaches it, then skips to `]`.
  private mutating func header() -> HeaderResult {
    index += 1
    let hadSpace = skipSpaces()
    let arrayOfTables = peek() == "["
    if arrayOfTables {
      if hadSpace { return .fails }
      index += 1
      _ = skipSpaces()
    }
    guard let first = peek(), first != "]" else { return .fails }
    guard Self.isBareKey(first) || first == "\"" || first == "'" else { return .shape(position) }
    while let c = peek() {
      switch c {
      case "]":
        index += 1
        if arrayOfTables {
          guard peek() == "]" else { return .fails }
          index += 1
        }
        return .read
      case "\"", "'":
        guard skipString() else { return .fails }
      case "\n", "\r": return .fails
      default: index += 1
      }
    }
    return .fails
  }

  private mutating func skipSpaces() -> Bool {
    let start = index
    while peek() == " " || peek() == "\t" { index += 1 }
    return index > start
  }

  /// Skips a basic, literal or multi-line string starting at its quote; false when it does not end
  /// where toml++ would end it (toml++ then fails on it).
  private mutating func skipString() -> Bool {
    let quote = scalars[index]
    let multiLine = peek(1) == quote && peek(2) == quote
    index += multiLine ? 3 : 1
    while let c = peek() {
      if c == "\\" && quote == "\"" {
        // A line-ending backslash: the line break is counted by the next turn.
        index += peek(1) == "\n" ? 1 : 2
        continue
      }
      if c == "\n" {
        guard multiLine else { return false }
        newline()
        atLineStart = false
        continue
      }
      if c == quote {
        if !multiLine {
          index += 1
          return true
        }
        if peek(1) == quote && peek(2) == quote {
          index += 3
          // Up to two more quotes belong to the content (TOML 1.0 §String).
          for _ in 0..<2 where peek() == quote { index += 1 }
          return true
        }
      }
      index += 1
    }
    return false
  }
}
