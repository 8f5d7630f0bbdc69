/// The `Exec` key of a desktop entry, written by the Desktop Entry Specification ("The Exec key"):
/// an argument is quoted only when it holds a reserved character, inside the quotes `"`, the backtick, `$`
/// and `\` take a backslash, a literal `%` is `%%`, and the whole value then gets the string escapes of
/// "Possible value types" (`\\`, `\n`, `\t`, `\r`), so a literal backslash in a quoted argument is
/// written as four.
public enum DesktopExec {
  /// The characters that make an argument need quotes.
  static let reserved: Set<Character> = [
    " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`",
  ]

  /// Whether `argument` must be quoted.
  public static func needsQuoting(_ argument: String) -> Bool {
    argument.isEmpty || argument.contains(where: reserved.contains)
  }

  /// One argument as it appears in the Exec line, before the string escapes.
  public static func quote(_ argument: String) -> String {
    let literal = argument.replacingOccurrences(of: "%", with: "%%")
    guard needsQuoting(literal) else { return literal }
    var quoted = "\""
    for character in literal {
      if "\"`$\\".contains(character) { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }

  /// The value of `Exec=`: `arguments` quoted and joined, then `fieldCode` (such as `%u`) as is.
  public static func value(_ arguments: [String], fieldCode: String? = nil) -> String {
    let line = (arguments.map(quote) + (fieldCode.map { [$0] } ?? [])).joined(separator: " ")
    var escaped = ""
    for character in line {
      switch character {
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
