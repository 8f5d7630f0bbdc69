import CQREncode

/// A QR code symbol (ISO/IEC 18004) made by libqrencode: a square of dark and light modules, without
/// its quiet zone. The device sign-in prompt shows one of the verification URI (RFC 8628 §3.3.1).
public struct QRCode: Sendable, Equatable {
  /// Error correction: M restores about 15 % of a symbol, enough for a photo of a terminal.
  public enum Correction: Sendable {
    case low, medium, quartile, high

    var level: QRecLevel {
      switch self {
      case .low: QR_ECLEVEL_L
      case .medium: QR_ECLEVEL_M
      case .quartile: QR_ECLEVEL_Q
      case .high: QR_ECLEVEL_H
      }
    }
  }

  /// Modules per side (21 for version 1, 4 more per version).
  public let size: Int
  /// The QR version libqrencode chose (1–40).
  public let version: Int
  /// Row by row, `true` for a dark module.
  public let modules: [Bool]

  /// `text` in the smallest symbol that holds it (libqrencode splits it into numeric, alphanumeric and
  /// 8-bit segments, case kept); nil when none does.
  public init?(_ text: String, correction: Correction = .medium) {
    guard let symbol = QRcode_encodeString(text, 0, correction.level, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(symbol) }
    let size = Int(symbol.pointee.width)
    // libqrencode: bit 0 of each byte is the module's colour (1 = dark).
    modules = (0..<size * size).map { symbol.pointee.data[$0] & 1 == 1 }
    self.size = size
    version = Int(symbol.pointee.version)
  }

  /// Whether the module at `row`, `column` is dark; everything outside the symbol is light (the quiet
  /// zone).
  public func isDark(row: Int, column: Int) -> Bool {
    guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
    return modules[row * size + column]
  }
}
