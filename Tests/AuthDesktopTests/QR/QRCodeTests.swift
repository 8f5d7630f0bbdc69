import AuthDesktopApp
import Foundation
import TestSupport
import Testing

/// The device prompt's QR code (libqrencode), against the `qrencode` command of the same library as
/// the reference (Debian's `qrencode`, installed by the test command), and the symbol's fixed shapes.
@Suite struct QRCodeTests {
  static let samples = [
    "https://github.com/login/device", "https://accounts.example/device?user_code=WDJB-MJHT",
    "http://127.0.0.1:8080/t/0f3a/device?user_code=BCDF-GHJK",
  ]

  @Test(arguments: samples)
  func theTerminalDrawingIsWhatQrencodeDraws(text: String) async throws {
    let reference = try await Tool.run("qrencode", ["-t", "UTF8", "-l", "M", "-m", "4", text])
    #expect(reference.status == 0, "\(reference.output)")
    let code = try #require(QRCode(text))
    let expected = reference.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(code.terminalLines() == expected)
  }

  @Test func aShortTextIsAVersion1SymbolWithItsThreeFinderPatterns() throws {
    let code = try #require(QRCode("WDJB-MJHT"))
    #expect(code.version == 1)
    #expect(code.size == 21)
    // ISO/IEC 18004 §6.3.3: a 7×7 dark ring, a light ring, a 3×3 dark centre, in three corners.
    for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
      for row in 0..<7 {
        for column in 0..<7 {
          let ring = max(abs(row - 3), abs(column - 3))
          #expect(code.isDark(row: top + row, column: left + column) == (ring != 2), "(\(top + row), \(left + column))")
        }
      }
    }
    #expect(!code.isDark(row: -1, column: 0) && !code.isDark(row: 0, column: code.size))
  }

  @Test func theQuietZoneIsFourModulesOfLight() throws {
    let code = try #require(QRCode("WDJB-MJHT"))
    let lines = code.terminalLines()
    #expect(lines.count == (code.size + 8 + 1) / 2)
    #expect(lines.prefix(2).allSatisfy { $0 == String(repeating: "█", count: code.size + 8) })
    #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("████") && $0.hasSuffix("████") })
  }
}
