import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// What the OpenID provider refuses: nonce, `openid` scope, PKCE, codes across issuers, UserInfo without
/// the bearer token.
extension EmulatorOAuth2Tests {
  static func oidcQuery(_ overrides: [String: String?] = [:]) -> FormParameters {
    var query = githubQuery([
      "client_id": EmulatorSetup.oidcClientID, "redirect_uri": EmulatorHarness.oidcRedirect, "scope": "openid email",
    ])
    query.append("nonce", "n-0S6_WzA2Mj")
    query.pairs = query.pairs.compactMap { pair in
      guard let override = overrides[pair.name] else { return pair }
      return override.map { (pair.name, $0) }
    }
    return query
  }

  @Test func openIDNeedsNonceOpenIDScopeAndPKCE() async throws {
    let harness = try EmulatorHarness()
    for (override, error) in [
      (["nonce": String?.none], "invalid_request"), (["scope": "email"], "invalid_scope"),
      (["code_challenge_method": "plain"], "invalid_request"),
      (["response_type": "token"], "unsupported_response_type"),
    ] {
      let location = try EmulatorHarness.location(await harness.get("/oidc/authorize", Self.oidcQuery(override)))
      let query = try #require(FormParameters.query(of: location))
      #expect(query["error"] == error, "\(override)")
      #expect(query["iss"] == "http://127.0.0.1:9399/oidc")
    }
  }

  @Test func openIDTokenErrors() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, path: "/oidc/authorize", Self.oidcQuery())
    func token(_ fields: FormParameters, path: String = "/oidc/token") async -> (Int, String?) {
      let response = await harness.post(path, fields)
      return (response.status, EmulatorHarness.json(response)["error"] as? String)
    }
    let base: FormParameters = [
      "grant_type": "authorization_code", "code": code, "redirect_uri": EmulatorHarness.oidcRedirect,
      "code_verifier": EmulatorHarness.verifier, "client_id": EmulatorSetup.oidcClientID,
    ]
    var wrongClient = base
    wrongClient.pairs[4].value = "someone-else"
    #expect(await token(wrongClient) == (401, "invalid_client"))
    // A code from one issuer is not redeemed at the other.
    #expect(await token(base, path: "/oidc/rs256/token") == (400, "invalid_grant"))
    #expect(await token(base) == (400, "invalid_grant"))  // burnt by the previous attempt
  }

  @Test func userinfoNeedsTheBearerToken() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.get("/oidc/userinfo")
    #expect(response.status == 401)
    #expect(response.header("www-authenticate")?.hasPrefix("Bearer") == true)
  }
}
