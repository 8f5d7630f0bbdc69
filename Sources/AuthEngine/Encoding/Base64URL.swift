import Foundation

/// RFC 4648 §5 base64url without padding (RFC 7515 §2, RFC 7636 §3).
public enum Base64URL {
  public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    // Byte by byte rather than three `replacingOccurrences` (each a Foundation string search on Linux):
    // PKCE S256 challenges were 9× faster this way (bench/run, docs/benchmarks.md).
    let base64 = Data(bytes).base64EncodedString()
    var encoded: [UInt8] = []
    encoded.reserveCapacity(base64.utf8.count)
    for byte in base64.utf8 {
      switch byte {
      case UInt8(ascii: "+"): encoded.append(UInt8(ascii: "-"))
      case UInt8(ascii: "/"): encoded.append(UInt8(ascii: "_"))
      case UInt8(ascii: "="): break
      default: encoded.append(byte)
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// Decodes unpadded base64url; nil for any other alphabet or impossible length.
  public static func decode(_ text: some StringProtocol) -> Data? {
    guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
      text.count % 4 != 1
    else { return nil }
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
  }
}
