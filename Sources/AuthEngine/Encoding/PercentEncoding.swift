import Foundation

/// Percent-encoding per RFC 3986 §2.3 / RFC 5849 §3.6: only `ALPHA DIGIT - . _ ~` stay as they are,
/// every other UTF-8 byte becomes `%XX` with uppercase hex (a space is `%20`, never `+`).
public enum PercentEncoding {
  public static func encode(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return result
  }

  /// Decodes `%XX` escapes; with `plusAsSpace` (application/x-www-form-urlencoded) `+` is a space.
  /// Nil when an escape is malformed or the bytes are not UTF-8.
  public static func decode(_ text: some StringProtocol, plusAsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      } else if plusAsSpace && byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
