import Crypto
import Foundation

enum Digests {
  /// Lowercase hex SHA-256 of `text`'s UTF-8: the opaque ids that stand for secrets in SQLite and in
  /// Secret Service attributes.
  static func sha256Hex(_ text: String) -> String {
    SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
  }
}
