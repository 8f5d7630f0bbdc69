import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// `accounts:signInWithIdp` with each provider: the provider emulator issues the token, the Identity
/// Toolkit emulator asks the provider who it belongs to, and answers as Firebase does.
@Suite struct IdentityToolkitEmulatorSignInTests {
  @Test func githubSignInCreatesTheAccountAndSignsItInAgain() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let first = try await harness.signedIn(try await harness.githubPostBody())
    #expect(first["isNewUser"] as? Bool == true)
    #expect(first.string("providerId") == "github.com")
    #expect(first.string("federatedId") == "583231")
    #expect(first.string("email") == "octocat@example.com")
    #expect(first["emailVerified"] as? Bool == true)  // GitHub's primary /user/emails entry is verified
    #expect(first.string("screenName") == "octocat")
    #expect(first.string("expiresIn") == "3600")
    #expect(first.string("oauthAccessToken")?.hasPrefix("gho_") == true)
    #expect(first.string("pendingToken") != nil)
    let rawUserInfo = try #require(first.string("rawUserInfo"))
    #expect(JSONValue.parse(Data(rawUserInfo.utf8))?["login"]?.string == "octocat")
    let again = try await harness.signedIn(try await harness.githubPostBody())
    #expect(again.string("localId") == first.string("localId"))
    #expect(again["isNewUser"] == nil)
  }

  @Test func theIDTokenIsProductionShapedAndVerifiesWithThePublishedKeys() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let reply = try await harness.signedIn(try await harness.githubPostBody())
    let claims = try await harness.verifiedClaims(try #require(reply.string("idToken")))
    #expect(claims["iss"]?.string == "https://securetoken.google.com/\(harness.projectID)")
    #expect(claims["aud"]?.string == harness.projectID)
    #expect(claims["sub"]?.string == reply.string("localId"))
    #expect(claims["user_id"]?.string == reply.string("localId"))
    #expect(claims["exp"]?.number == (claims["iat"]?.number).map { $0 + 3600 })
    #expect(claims["firebase"]?["sign_in_provider"]?.string == "github.com")
    #expect(claims["firebase"]?["identities"]?["github.com"] == .array([.string("583231")]))
    #expect(claims["firebase"]?["identities"]?["email"] == .array([.string("octocat@example.com")]))
    #expect(claims["email_verified"]?.bool == true)
    // The header names the published key.
    let header = try #require(
      reply.string("idToken")?.split(separator: ".").first.flatMap(Base64URL.decode).flatMap(JSONValue.parse))
    #expect(header["alg"]?.string == "RS256")
    #expect(header["kid"]?.string == IdentityToolkitEmulatorHarness.key.kid)
  }

  @Test func twitterSignInIsCheckedWithTheSignedVerifyCredentialsCall() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let reply = try await harness.signedIn(try await harness.twitterPostBody())
    #expect(reply.string("federatedId") == "1467726470533754880")
    #expect(reply.string("screenName") == "tweetybird")
    #expect(reply["emailVerified"] as? Bool == false)  // X does not say that the email is verified
    #expect(reply.string("oauthTokenSecret") != nil)  // echoed, as production (firebase-tools never does)
    let lookup = await harness.lookup(try #require(reply.string("idToken")))
    #expect(lookup.rawIds == ["twitter.com": "1467726470533754880"])
  }

  @Test func openIDSignInChecksTheIDTokenWithTheEmulatorsKeys() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let reply = try await harness.signedIn(try await harness.oidcPostBody())
    #expect(reply.string("providerId") == "oidc.emulator")
    #expect(reply.string("federatedId") == "248289761001")
    #expect(reply["emailVerified"] as? Bool == true)
    #expect(reply.string("oauthIdToken") != nil)
    let lookup = await harness.lookup(try #require(reply.string("idToken")))
    #expect(lookup.rawIds == ["oidc.emulator": "248289761001"])
    // The RS256 issuer, once the project names it.
    let rs256 = try IdentityToolkitEmulatorHarness { project in
      project.providers["oidc.emulator"] = .oidc(
        issuer: URL(string: "\(EmulatorHarness.base.absoluteString)/oidc/rs256")!, clientID: EmulatorSetup.oidcClientID)
    }
    let token = try await rs256.oidcIDToken(
      nonce: IdentityToolkitEmulatorHarness.sha256Hex("n"), issuerPath: "/oidc/rs256")
    _ = try await rs256.signedIn(["id_token": token, "nonce": "n", "providerId": "oidc.emulator"])
  }

  @Test func theNonceIsTheHexSHA256OfTheRawNonceInPostBody() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let raw = "raw-nonce-0S6_WzA2Mj"
    let hashed = try await harness.oidcIDToken(nonce: IdentityToolkitEmulatorHarness.sha256Hex(raw))
    let missing = await harness.signInWithIdp(["id_token": hashed, "providerId": "oidc.emulator"])
    #expect(missing.status == 400)
    #expect(missing.error == "MISSING_OR_INVALID_NONCE : Nonce is missing in the request.")
    let wrong = await harness.signInWithIdp(["id_token": hashed, "nonce": raw + "x", "providerId": "oidc.emulator"])
    #expect(wrong.error?.hasPrefix("MISSING_OR_INVALID_NONCE : The nonce in ID Token does not match") == true)
    // An authorization request that carried the raw nonce itself fails, as in production.
    let unhashed = try await harness.oidcIDToken(nonce: raw)
    let plain = await harness.signInWithIdp(["id_token": unhashed, "nonce": raw, "providerId": "oidc.emulator"])
    #expect(plain.error?.hasPrefix("MISSING_OR_INVALID_NONCE :") == true)
    _ = try await harness.signedIn(["id_token": hashed, "nonce": raw, "providerId": "oidc.emulator"])
  }

  @Test func theRequestUriCarriesParametersAndPostBodyWins() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let body = try await harness.githubPostBody()
    let token = try #require(body["access_token"])
    let reply = await harness.call(
      "signInWithIdp",
      [
        "requestUri": "http://localhost/cb?providerId=twitter.com#access_token=\(token)",
        "postBody": "providerId=github.com", "returnSecureToken": true,
      ])
    #expect(reply.status == 200, "\(reply.json)")
    #expect(reply.string("providerId") == "github.com")
    for (requestUri, error) in [(nil, "MISSING_REQUEST_URI"), ("not a url", "INVALID_REQUEST_URI")] {
      var fields: [String: Any] = ["postBody": body.encoded]
      fields["requestUri"] = requestUri
      #expect(await harness.call("signInWithIdp", fields).error == error)
    }
    let noProvider = await harness.signInWithIdp(["access_token": token])
    #expect(noProvider.error?.hasPrefix("INVALID_CREDENTIAL_OR_PROVIDER_ID :") == true)
  }

  @Test func providersTheProjectDoesNotEnableAreRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness { $0.providers["twitter.com"] = nil }
    let x = await harness.signInWithIdp(try await harness.twitterPostBody())
    #expect(x.error == "OPERATION_NOT_ALLOWED : The identity provider configuration is not found.")
    let unknown = await harness.signInWithIdp(["access_token": "t", "providerId": "example.com"])
    #expect(unknown.error == "INVALID_PROVIDER_ID : Provider Id is not supported.")
    let none = await harness.signInWithIdp(["providerId": "github.com"])
    #expect(none.error?.hasPrefix("INVALID_IDP_RESPONSE :") == true)
  }

  @Test func whatFirebaseToolsDoesNotImplementIs501() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let body = try await harness.githubPostBody()
    let reply = await harness.signInWithIdp(body, ["returnRefreshToken": true])
    #expect(reply.status == 501)
    let authUri = await harness.call(
      "createAuthUri", ["identifier": "a@example.com", "continueUri": "http://localhost", "providerId": "github.com"])
    #expect(authUri.status == 501)
  }
}
