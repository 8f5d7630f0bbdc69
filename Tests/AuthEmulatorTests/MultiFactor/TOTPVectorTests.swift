import Foundation
import Testing

@testable import AuthEmulator

/// RFC 6238 Appendix B's SHA-1 test vectors (the 20-byte ASCII key "12345678901234567890", 8 digits),
/// the emulator's drift window, and RFC 4648 §10's base 32 vectors.
@Suite struct TOTPVectorTests {
  static let rfcKey = Data("12345678901234567890".utf8)

  @Test(arguments: [
    (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
    (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
  ])
  func rfc6238Vectors(seconds: Int, code: String) {
    let totp = TOTP(secret: Self.rfcKey, digits: 8)
    #expect(totp.code(at: Date(timeIntervalSince1970: TimeInterval(seconds))) == code)
  }

  @Test func oneStepOfDriftEitherWayAndNoMore() {
    let totp = TOTP(secret: Self.rfcKey)
    let now = Date(timeIntervalSince1970: 1_111_111_111)
    let step = totp.step(at: now)
    for offset in Int64(-1)...1 {
      #expect(totp.matchingStep(totp.code(step: step + offset), at: now) == step + offset)
    }
    // Two steps away: refused (unless the six digits happen to repeat, which they do not here).
    #expect(totp.matchingStep(totp.code(step: step - 2), at: now) == nil)
    #expect(totp.matchingStep(totp.code(step: step + 2), at: now) == nil)
    #expect(totp.matchingStep("12345", at: now) == nil)
    #expect(totp.matchingStep("１２３４５６", at: now) == nil)
  }

  @Test(arguments: [
    ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
    ("foobar", "MZXW6YTBOI"),
  ])
  func base32Vectors(text: String, encoded: String) {
    #expect(Base32.encode(Data(text.utf8)) == encoded)
    #expect(Base32.decode(encoded) == Data(text.utf8))
    #expect(Base32.decode(encoded.lowercased() + "==") == Data(text.utf8))
  }

  @Test func base32RefusesOtherCharacters() {
    #expect(Base32.decode("MZXW1") == nil)
    #expect(Base32.decode("MZ-XW") == nil)
  }
}
