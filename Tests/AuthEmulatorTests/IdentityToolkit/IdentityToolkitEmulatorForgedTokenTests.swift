import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// Provider credentials the providers did not issue, or issued for someone else, are
/// `INVALID_IDP_RESPONSE`; firebase-tools' JSON-claims and unsigned-JWT shortcuts are not accepted.
@Suite struct IdentityToolkitEmulatorForgedTokenTests {
  static func expectRefused(
    _ reply: IdentityToolkitEmulatorHarness.Reply, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(reply.status == 400, "\(reply.json)", sourceLocation: sourceLocation)
    #expect(reply.error?.hasPrefix("INVALID_IDP_RESPONSE : ") == true, "\(reply.json)", sourceLocation: sourceLocation)
  }

  /// base64url of a JSON object.
  static func part(_ object: [String: Any]) -> String {
    Base64URL.encode(try! JSONSerialization.data(withJSONObject: object))
  }

  @Test func aGitHubTokenTheProviderNeverIssuedIsRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    Self.expectRefused(await harness.signInWithIdp(["access_token": "gho_forged", "providerId": "github.com"]))
    // firebase-tools would take JSON claims in access_token.
    Self.expectRefused(
      await harness.signInWithIdp([
        "access_token": #"{"sub":"583231","email":"octocat@example.com"}"#, "providerId": "github.com",
      ]))
  }

  @Test func anXTokenWithTheWrongSecretOrConsumerIsRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    var body = try await harness.twitterPostBody()
    body.pairs[1].value = "not-the-token-secret"
    Self.expectRefused(await harness.signInWithIdp(body))
    // The project's X app differs from the one that issued the token (RFC 5849 §3.4.2).
    let other = try IdentityToolkitEmulatorHarness { project in
      project.providers["twitter.com"] = .twitter(consumerKey: "another-app", consumerSecret: ConsumerSecret("s"))
    }
    Self.expectRefused(await other.signInWithIdp(try await other.twitterPostBody()))
  }

  @Test func forgedOpenIDTokensAreRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let raw = "n"
    let real = try await harness.oidcIDToken(nonce: IdentityToolkitEmulatorHarness.sha256Hex(raw))
    let parts = real.split(separator: ".").map(String.init)
    var claims =
      try #require(Base64URL.decode(parts[1]).flatMap { try? JSONSerialization.jsonObject(with: $0) })
      as? [String: Any]
    claims?["sub"] = "someone-else"
    let tampered = [parts[0], Self.part(claims ?? [:]), parts[2]].joined(separator: ".")
    let unsigned = [Self.part(["alg": "none", "typ": "JWT"]), parts[1], ""].joined(separator: ".")
    for token in [tampered, unsigned, #"{"sub":"248289761001"}"#] {
      Self.expectRefused(await harness.signInWithIdp(["id_token": token, "nonce": raw, "providerId": "oidc.emulator"]))
    }
  }

  @Test func anOpenIDTokenForAnotherClientOrExpiredIsRefused() async throws {
    let other = try IdentityToolkitEmulatorHarness { project in
      project.providers["oidc.emulator"] = .oidc(
        issuer: URL(string: "\(EmulatorHarness.base.absoluteString)/oidc")!, clientID: "someone-else")
    }
    let token = try await other.oidcIDToken(nonce: IdentityToolkitEmulatorHarness.sha256Hex("n"))
    let foreign = await other.signInWithIdp(["id_token": token, "nonce": "n", "providerId": "oidc.emulator"])
    Self.expectRefused(foreign)
    #expect(foreign.error?.contains("audience") == true)
    let harness = try IdentityToolkitEmulatorHarness()
    let body = try await harness.oidcPostBody()
    harness.clock.advance(by: 3601)
    let expired = await harness.signInWithIdp(body)
    Self.expectRefused(expired)
    #expect(expired.error?.contains("expired") == true)
  }

  @Test func anIssuerOutsideTheEmulatorIsNotFetched() async throws {
    let harness = try IdentityToolkitEmulatorHarness { project in
      project.providers["oidc.emulator"] = .oidc(
        issuer: URL(string: "https://accounts.example.com")!, clientID: EmulatorSetup.oidcClientID)
    }
    let body = try await harness.oidcPostBody()
    let reply = await harness.signInWithIdp(body)
    Self.expectRefused(reply)
    #expect(reply.error?.contains("not served by this emulator") == true)
  }
}
