import Crypto
import Foundation

enum Digests {
  /// Lowercase hex SHA-256 of `text`'s UTF-8: the opaque ids that stand for secrets in SQLite and in
  /// Secret Service attributes.
  static func sha256Hex(_ text: String) -> String {
    hex(SHA256.hash(data: Data(text.utf8)))
  }

  /// Lowercase hex of `bytes`, two digits a byte (a table lookup: `String(format:)` per byte cost
  /// about 0.1 ms per digest, several digests per sign-in).
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
