import Foundation

/// RFC 4648 §6 base 32 (the alphabet `A–Z2–7`), how TOTP shared secrets are written for people and
/// authenticator apps. Encoded without padding, as Identity Platform's `sharedSecretKey`.
public enum Base32 {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  public static func encode(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        out.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1f)])
        bits -= 5
      }
    }
    if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1f)]) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of `text` (case, spaces and `=` padding ignored); nil for any other character.
  public static func decode(_ text: String) -> Data? {
    var out = Data()
    var buffer: UInt32 = 0
    var bits = 0
    for scalar in text.uppercased().utf8 where scalar != UInt8(ascii: " ") && scalar != UInt8(ascii: "=") {
      guard let value = alphabet.firstIndex(of: scalar) else { return nil }
      buffer = (buffer << 5) | UInt32(value)
      bits += 5
      if bits >= 8 {
        out.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
        bits -= 8
      }
    }
    return out
  }
}
