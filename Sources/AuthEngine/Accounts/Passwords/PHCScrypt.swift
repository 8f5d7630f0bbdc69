import Foundation

/// The PHC string format for scrypt (P-H-C "PHC string format"): `$scrypt$ln=…,r=…,p=…$salt$hash`,
/// salt and hash in standard base64 (RFC 4648 §4) without padding. Parsing is strict: exactly this
/// parameter order, decimal digits without leading zeros, canonical base64.
struct PHCScrypt: Equatable {
  var cost: PasswordHasher.Cost
  var salt: Data
  var hash: Data

  init(cost: PasswordHasher.Cost, salt: Data, hash: Data) {
    self.cost = cost
    self.salt = salt
    self.hash = hash
  }

  var encoded: String {
    "$scrypt$ln=\(cost.logN),r=\(cost.r),p=\(cost.p)$\(Self.encode(salt))$\(Self.encode(hash))"
  }

  init?(parsing text: String) {
    guard text.utf8.count <= 512 else { return nil }
    let fields = text.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 5, fields[0].isEmpty, fields[1] == "scrypt" else { return nil }
    let parameters = fields[2].split(separator: ",", omittingEmptySubsequences: false)
    guard parameters.count == 3, let logN = Self.number(parameters[0], named: "ln"),
      let r = Self.number(parameters[1], named: "r"), let p = Self.number(parameters[2], named: "p"),
      let salt = Self.decode(fields[3]), (8...64).contains(salt.count),
      let hash = Self.decode(fields[4]), (16...64).contains(hash.count)
    else { return nil }
    self.init(cost: PasswordHasher.Cost(logN: logN, r: r, p: p), salt: salt, hash: hash)
  }

  /// `name=digits`, at most 4 digits, no sign, no leading zero.
  private static func number(_ field: Substring, named name: String) -> Int? {
    guard field.hasPrefix(name + "=") else { return nil }
    let digits = field.dropFirst(name.count + 1)
    guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      digits == "0" || !digits.hasPrefix("0")
    else { return nil }
    return Int(digits)
  }

  private static func encode(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "=", with: "")
  }

  /// Unpadded base64; nil unless re-encoding gives back exactly `text` (rejects padding, stray bits).
  private static func decode(_ text: Substring) -> Data? {
    guard !text.isEmpty, text.count % 4 != 1 else { return nil }
    let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
    guard let data = Data(base64Encoded: padded), encode(data) == text else { return nil }
    return data
  }
}
