import AuthEngine
import Foundation
import TestSupport
import Testing

/// No token, secret, code or full callback URL in any error message or log line (RFC 9700 §4.2).
@Suite struct SecretHygieneTests {
  @Test func secretTypesRedactEverywhere() {
    let token = AccessToken("gho_verysecret")
    #expect("\(token)" == "[redacted]")
    #expect(String(reflecting: token) == "[redacted]")
    var dumped = ""
    dump(token, to: &dumped)
    #expect(!dumped.contains("verysecret"))
    let credential = OAuthCredential(
      providerID: "github.com", accessToken: token, refreshToken: RefreshToken("ghr_secret2"))
    #expect(!"\(credential)".contains("verysecret") && !"\(credential)".contains("ghr_secret2"))
    var dumpedCredential = ""
    dump(credential, to: &dumpedCredential)
    #expect(!dumpedCredential.contains("verysecret") && !dumpedCredential.contains("ghr_secret2"))
  }

  @Test func constantTimeComparison() {
    #expect(StateToken("abc").constantTimeEquals(StateToken("abc")))
    #expect(!StateToken("abc").constantTimeEquals(StateToken("abd")))
    #expect(!StateToken("abc").constantTimeEquals("abcd"))
  }

  /// Runs successful and failing flows of every protocol and scans logs and errors for the secrets
  /// that passed through: client secrets, state, code, verifier-bearing URLs, tokens.
  @Test func flowsLeakNothing() async throws {
    let github = try await Fixtures.github()
    let twitter = try await Fixtures.twitter()
    let oidc = try await Fixtures.oidc()
    let configuration = [github.configuration, twitter.configuration, oidc.configuration].joined(separator: "\n")
    let harness = try Harness(configuration: configuration)
    var secrets: [String] = [github.clientSecret!, twitter.clientSecret!, oidc.clientSecret!]
    var messages: [String] = []

    for id in ["github.com", "twitter.com", "oidc.test"] {
      let pending = try await harness.service.begin(OAuthProvider(providerID: id))
      let redirect = try await Browser.follow(pending.authorizationURL)
      let query = FormParameters.query(of: redirect)!
      secrets += [query["state"], query["code"], query["oauth_token"], query["oauth_verifier"]].compactMap { $0 }
      secrets.append(redirect.absoluteString)
      // A forged replay first (fails), then the real one (succeeds), then a replay (fails).
      var tampered = query
      tampered.pairs = tampered.pairs.map {
        ($0.name, $0.name == "state" || $0.name == "oauth_token" ? $0.value + "x" : $0.value)
      }
      for attempt in [URL(string: pending.redirectURI.absoluteString)!.appendingQuery(tampered), redirect, redirect] {
        do {
          let result = try await harness.service.resume(with: attempt)
          secrets += [
            result.credential.accessToken?.reveal(), result.credential.secret?.reveal(),
            result.credential.idToken?.reveal(),
          ].compactMap { $0 }
          messages.append("\(result.credential)")
        } catch let error as AuthError {
          messages += Self.printed(error)
        }
      }
    }
    // Failing exchanges too: a wrong client secret makes the provider echo nothing secret back to us.
    let broken = try Harness(
      configuration: github.configuration.replacingOccurrences(of: github.clientSecret!, with: "wrong-secret-value"))
    secrets.append("wrong-secret-value")
    do { _ = try await broken.signIn(OAuthProvider(providerID: "github.com")) } catch let error as AuthError {
      messages += Self.printed(error)
    }
    let haystack = (harness.logs.all + broken.logs.all + messages).joined(separator: "\n")
    #expect(!harness.logs.all.isEmpty, "the flows logged nothing; this test would prove nothing")
    for secret in secrets where secret.count >= 8 {
      #expect(!haystack.contains(secret), "a secret appeared in a log line or an error message")
    }
  }

  /// Every way an error prints: its description, reflection, its payload and a `dump`.
  static func printed(_ error: AuthError) -> [String] {
    var dumped = ""
    dump(error, to: &dumped)
    return ["\(error)", String(reflecting: error), "\(error.payload)", String(reflecting: error.payload), dumped]
  }

  /// `auth/credential-already-in-use` is the one error that holds a credential: it prints redacted.
  @Test func credentialInUsePrintsRedacted() {
    let credential = OAuthCredential(
      providerID: "github.com", accessToken: AccessToken("gho_ACCESS_TOKEN_VALUE"),
      idToken: IDToken("eyJ.ID_TOKEN_VALUE.sig"), secret: OAuthTokenSecret("TOKEN_SECRET_VALUE"),
      refreshToken: RefreshToken("REFRESH_TOKEN_VALUE"))
    let error = AuthError.credentialInUse(
      CredentialInUse(email: "a@example.com", providerID: "github.com", credential: credential))
    let haystack = Self.printed(error).joined(separator: "\n")
    for secret in ["ACCESS_TOKEN_VALUE", "ID_TOKEN_VALUE", "TOKEN_SECRET_VALUE", "REFRESH_TOKEN_VALUE"] {
      #expect(!haystack.contains(secret), "\(secret) was printed")
    }
    #expect(haystack.contains("a@example.com"), "the test printed nothing of the error")
  }
}
