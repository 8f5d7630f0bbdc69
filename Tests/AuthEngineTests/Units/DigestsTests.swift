import Foundation
import Testing

@testable import AuthEngine

/// The hex digests that name secrets: the ids already in users' stores must not change.
@Suite struct DigestsTests {
  @Test func sha256HexMatchesTheFIPSVector() {
    // FIPS 180-2, appendix B.1: SHA-256("abc").
    #expect(Digests.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func hexWritesTwoLowercaseDigitsPerByte() {
    #expect(Digests.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    #expect(Digests.hex([]) == "")
  }

  @Test func aCredentialKeyIsTheDigestOfProviderAndUID() {
    #expect(
      CredentialVault.key(providerID: "github.com", uid: "u1").id
        == "72a2fe2a3fa73cab5d794c89232cf7defe899527d207503be934e9b6972cd4a7")
  }
}
