import AuthDesktopApp
import AuthDesktopKit
import CGtk
import Foundation

/// A `QRCode` as a `GdkTexture` for a `GtkPicture`: each module a square of `scale` pixels, black on
/// white whatever the style (scanners expect dark on light), with the four-module quiet zone ISO/IEC
/// 18004 asks for. Drawn at its own size, so GTK never scales (and blurs) it.
@GLibMainActor
enum QRTexture {
  static let quietZone = 4

  /// The texture (the caller owns the reference), or nil when `text` fits in no QR code.
  static func make(_ text: String, scale: Int = 4) -> OpaquePointer? {
    guard let code = QRCode(text) else { return nil }
    let side = (code.size + 2 * quietZone) * scale
    var pixels = [UInt8](repeating: 255, count: side * side * 3)
    for row in 0..<code.size {
      for column in 0..<code.size where code.isDark(row: row, column: column) {
        for y in 0..<scale {
          let line = ((row + quietZone) * scale + y) * side
          let start = (line + (column + quietZone) * scale) * 3
          for index in start..<(start + scale * 3) { pixels[index] = 0 }
        }
      }
    }
    let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    return gdk_memory_texture_new(Int32(side), Int32(side), GDK_MEMORY_R8G8B8, bytes, gsize(side * 3))
  }
}
