import AuthEngine
import Crypto
import Foundation
import TestSupport
import Testing

/// Sign-out, recent-login rules, deletion, ID tokens and state changes.
@Suite struct SessionRulesTests {
  typealias H = AccountHarness

  @Test func signOutEndsTheSessionAndKeepsTheAccount() async throws {
    let h = try H()
    _ = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    #expect(try await h.secretIDs("session").count == 1)
    try await h.auth.signOut()
    #expect(try await h.auth.currentUser() == nil)
    #expect(try await h.secretIDs("session").isEmpty, "the session refresh token was not revoked")
    #expect(try await h.auth.fetchSignInMethods(forEmail: "A@example.com") == ["github.com"])
    #expect(try await h.secretIDs(CredentialVault.namespace).count == 1, "sign-out without revocation keeps the tokens")
  }

  @Test func deleteNeedsARecentLoginAndRemovesEverything() async throws {
    let h = try H()
    let user = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com")).user
    _ = try await user.link(with: H.result("twitter.com", "2"))
    try await user.updatePassword(to: Password("correct horse"))
    h.clock.advance(by: 301)
    await expectAuthError(.requiresRecentLogin) { try await user.delete(revokeProviderTokens: false) }
    await expectAuthError(.requiresRecentLogin) { try await user.updatePassword(to: Password("another password")) }
    _ = try await user.reauthenticate(with: H.result("twitter.com", "2"))
    try await user.delete(revokeProviderTokens: false)
    #expect(try await h.auth.currentUser() == nil)
    for table in ["user", "identity", "session"] { #expect(try h.count(table) == 0, "\(table)") }
    for namespace in [CredentialVault.namespace, "session", "password"] {
      #expect(try await h.secretIDs(namespace).isEmpty, "\(namespace) secrets outlived the account")
    }
  }

  @Test func idTokensVerifyAgainstTheExportedJWKSAndRefreshNearExpiry() async throws {
    let h = try H()
    let user = try await h.auth.signIn(with: H.result("github.com", "1001", email: "a@example.com")).user
    let token = try await user.getIDToken()
    let claims = try Self.verify(token, jwks: try await h.auth.jwks())
    #expect(claims["sub"]?.string == user.uid)
    #expect(claims["aud"]?.string == AppIdentity.tests.applicationID)
    #expect(claims["firebase"]?["sign_in_provider"]?.string == "github.com")
    #expect(claims["firebase"]?["identities"]?["github.com"]?.array?.first?.string == "1001")
    #expect((claims["exp"]?.number ?? 0) - (claims["iat"]?.number ?? 0) == 3600)
    h.clock.advance(by: 60)
    #expect(try await user.getIDToken().reveal() == token.reveal(), "a fresh token was replaced")
    #expect(try await user.getIDToken(forceRefresh: true).reveal() != token.reveal())
    h.clock.advance(by: 3600 - 60 - 200)
    let renewed = try await user.getIDToken()
    #expect(renewed.reveal() != token.reveal())
  }

  @Test func stateChangesAreAnnounced() async throws {
    let h = try H()
    let stream = await h.auth.stateChanges()
    var iterator = stream.makeAsyncIterator()
    let user = try await h.auth.signIn(with: H.result("github.com", "1")).user
    #expect(await iterator.next()??.uid == user.uid)
    try await h.auth.signOut()
    #expect(await iterator.next() == .some(nil))
  }

  /// An independent ES256 check with swift-crypto, from the JWKS alone.
  static func verify(_ token: IDToken, jwks: JSONValue) throws -> [String: JSONValue] {
    let parts = token.reveal().split(separator: ".").map(String.init)
    try #require(parts.count == 3)
    let header = try #require(Base64URL.decode(parts[0]).flatMap(JSONValue.parse))
    let key = try #require(jwks["keys"]?.array?.first { $0["kid"] == header["kid"] })
    let x = try #require(key["x"]?.string.flatMap(Base64URL.decode))
    let y = try #require(key["y"]?.string.flatMap(Base64URL.decode))
    let publicKey = try P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
    #expect(publicKey.isValidSignature(signature, for: SHA256.hash(data: Data("\(parts[0]).\(parts[1])".utf8))))
    return try #require(Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object)
  }
}
