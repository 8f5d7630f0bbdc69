import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// scrypt (RFC 7914) password hashes in PHC string format.
@Suite struct PasswordHasherTests {
  let hasher = PasswordHasher(cost: .testing, random: SystemRandomSource())

  @Test func roundTripsAndRejectsWrongPasswords() throws {
    let encoded = try hasher.hash(Password("correct horse battery staple"))
    #expect(hasher.verify(Password("correct horse battery staple"), against: encoded))
    #expect(!hasher.verify(Password("correct horse battery stapl"), against: encoded))
    #expect(!hasher.verify(Password(""), against: encoded))
    // Verification reads the cost from the string, whatever this hasher's cost.
    #expect(
      PasswordHasher(random: SystemRandomSource()).verify(Password("correct horse battery staple"), against: encoded))
  }

  @Test func phcFormat() throws {
    let encoded = try hasher.hash(Password("hunter2hunter2"))
    let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
    #expect(fields.count == 5 && fields[0].isEmpty && fields[1] == "scrypt" && fields[2] == "ln=10,r=8,p=1")
    #expect(fields[3].count == 22 && fields[4].count == 43)  // 16 and 32 bytes, unpadded
    #expect(!fields[3].contains("=") && !fields[4].contains("="))
    #expect(!encoded.contains("hunter2"))
    let standard = try PasswordHasher(random: SystemRandomSource()).hash(Password("hunter2hunter2"))
    #expect(standard.hasPrefix("$scrypt$ln=15,r=8,p=1$"))
  }

  @Test func saltMakesHashesDiffer() throws {
    let one = try hasher.hash(Password("same password"))
    let two = try hasher.hash(Password("same password"))
    #expect(one != two)
    #expect(
      hasher.verify(Password("same password"), against: one) && hasher.verify(Password("same password"), against: two))
  }

  /// RFC 7914 §12, third vector: P "pleaseletmein", S "SodiumChloride", N 16384, r 8, p 1, dkLen 64.
  @Test func rfc7914Vector() {
    let salt = Data("SodiumChloride".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
    let hex =
      "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
      + "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
    var bytes = [UInt8]()
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    let hash = Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    #expect(hasher.verify(Password("pleaseletmein"), against: "$scrypt$ln=14,r=8,p=1$\(salt)$\(hash)"))
    #expect(!hasher.verify(Password("pleaseletmein"), against: "$scrypt$ln=14,r=8,p=2$\(salt)$\(hash)"))
  }

  @Test func tamperedAndMalformedStringsFail() throws {
    let password = Password("tamper-proof")
    let encoded = try hasher.hash(password)
    let fields = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
    func flipped(_ text: String) -> String { (text.first == "A" ? "B" : "A") + text.dropFirst() }
    let salt = fields[3]
    let hash = fields[4]
    // The first 24 bytes of the hash, canonically encoded: scrypt's shorter output is this prefix.
    let truncated = Data(base64Encoded: hash + "=")!.prefix(24).base64EncodedString()
    let candidates = [
      "$scrypt$ln=10,r=8,p=1$\(flipped(salt))$\(hash)",
      "$scrypt$ln=10,r=8,p=1$\(salt)$\(flipped(hash))",
      "$scrypt$ln=11,r=8,p=1$\(salt)$\(hash)",
      "$scrypt$ln=10,r=4,p=1$\(salt)$\(hash)",
      "$scrypt$ln=10,r=8,p=1$\(salt)$\(hash.dropLast())",
      "$scrypt$ln=10,r=8,p=1$\(salt)$\(truncated)",
      "$scrypt$ln=10,r=8,p=1$\(salt)==$\(hash)",
      "$scrypt$ln=10,r=8,p=1$\(salt)$\(hash)$",
      "$scrypt$r=8,ln=10,p=1$\(salt)$\(hash)",
      "$scrypt$ln=010,r=8,p=1$\(salt)$\(hash)",
      "$scrypt$ln=+10,r=8,p=1$\(salt)$\(hash)",
      "$scrypt$ln=10,r=8$\(salt)$\(hash)",
      "$argon2id$ln=10,r=8,p=1$\(salt)$\(hash)",
      "scrypt$ln=10,r=8,p=1$\(salt)$\(hash)",
      "$scrypt$ln=10,r=8,p=1$$\(hash)", "$scrypt$ln=10,r=8,p=1$\(salt)",
      "", "$", "$scrypt$", "tamper-proof", "$scrypt$ln=10,r=8,p=1$!!!!$\(hash)",
    ]
    #expect(hasher.verify(password, against: encoded))
    for candidate in candidates { #expect(!hasher.verify(password, against: candidate), "\(candidate)") }
  }

  /// Parameters beyond the bounds are refused by their values, before any scrypt is computed: the
  /// parsed cost is the stored one and fails `isAcceptable`, which `verify` checks first (and `hash`
  /// refuses to use).
  @Test(arguments: [
    "ln=21,r=8,p=1", "ln=0,r=8,p=1", "ln=20,r=16,p=1", "ln=10,r=0,p=1", "ln=10,r=8,p=0",
    "ln=10,r=9999,p=1", "ln=10,r=16,p=16", "ln=64,r=8,p=1",
  ])
  func absurdParametersAreRefusedWithoutComputing(parameters: String) async throws {
    let fields = try hasher.hash(Password("pw")).split(separator: "$").map(String.init)
    let encoded = "$scrypt$\(parameters)$\(fields[2])$\(fields[3])"
    let cost = try #require(PHCScrypt(parsing: encoded)?.cost)
    #expect("ln=\(cost.logN),r=\(cost.r),p=\(cost.p)" == parameters)
    #expect(!cost.isAcceptable)
    #expect(!hasher.verify(Password("pw"), against: encoded))
    await expectAuthError(.internalError) {
      try PasswordHasher(cost: cost, random: SystemRandomSource()).hash(Password("pw"))
    }
  }

  @Test func unicodeNormalizationDoesNotMatter() throws {
    let composed = try hasher.hash(Password("caf\u{E9} au lait"))
    #expect(hasher.verify(Password("cafe\u{301} au lait"), against: composed))
  }

  @Test func weakPasswords() {
    #expect(PasswordHasher.isWeak(Password("")))
    #expect(PasswordHasher.isWeak(Password("1234567")))
    #expect(!PasswordHasher.isWeak(Password("12345678")))
    #expect(PasswordHasher.isWeak(Password("ééééééé")))  // 7 characters, 14 bytes
    #expect(PasswordHasher.isWeak(Password(String(repeating: "👨‍👩‍👧", count: 7))))
    #expect(!PasswordHasher.isWeak(Password("ééééééé1")))
  }

  @Test func passwordsAreRedacted() throws {
    let password = Password("s3cr3t-passw0rd")
    #expect("\(password)" == "[redacted]" && String(reflecting: password) == "[redacted]")
    var dumped = ""
    dump(password, to: &dumped)
    #expect(!dumped.contains("s3cr3t"))
    #expect(!(try hasher.hash(password)).contains("s3cr3t"))
  }
}
