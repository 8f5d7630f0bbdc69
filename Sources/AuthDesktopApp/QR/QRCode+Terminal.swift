extension QRCode {
  /// The symbol as text for a terminal: two module rows per line, drawn with the half blocks ▀ ▄, the
  /// full block █ and a space, inside a quiet zone of `quietZone` modules (ISO/IEC 18004 asks for 4).
  /// The blocks are the light modules, as on a dark terminal background (`qrencode -t UTF8` draws the
  /// same way), so phones read it as printed on paper.
  public func terminalLines(quietZone: Int = 4) -> [String] {
    let span = -quietZone..<(size + quietZone)
    return stride(from: span.lowerBound, to: span.upperBound, by: 2).map { top in
      String(
        span.map { column -> Character in
          // A row past the bottom edge of the quiet zone counts as light too.
          let upper = !isDark(row: top, column: column)
          let lower = !isDark(row: top + 1, column: column)
          switch (upper, lower) {
          case (true, true): return "█"
          case (true, false): return "▀"
          case (false, true): return "▄"
          case (false, false): return " "
          }
        })
    }
  }
}
