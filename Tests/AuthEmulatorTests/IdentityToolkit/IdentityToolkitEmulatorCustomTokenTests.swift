import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// `accounts:signInWithCustomToken` with the tokens the Admin SDK mints for an emulator: unsigned
/// (`alg: none`), for Identity Toolkit's audience (`IdentityToolkitCustomToken`).
@Suite struct IdentityToolkitEmulatorCustomTokenTests {
  typealias Harness = IdentityToolkitEmulatorHarness

  /// A token shaped as firebase-admin's emulated signer makes it; `payload` replaces its claims.
  static func token(
    uid: Any? = "backend-7", now: Date, header: [String: Any] = ["alg": "none", "typ": "JWT"], signature: String = "",
    _ payload: [String: Any] = [:]
  ) -> String {
    var claims: [String: Any] = [
      "iss": "firebase-auth-emulator@example.com", "sub": "firebase-auth-emulator@example.com",
      "aud": IdentityToolkitCustomToken.audience, "iat": Int(now.timeIntervalSince1970),
      "exp": Int(now.timeIntervalSince1970) + 3600,
    ]
    claims["uid"] = uid
    claims.merge(payload) { $1 }
    func part(_ object: [String: Any]) -> String {
      Base64URL.encode(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
    return "\(part(header)).\(part(claims)).\(signature)"
  }

  func signIn(_ harness: Harness, _ token: String) async -> Harness.Reply {
    await harness.call("signInWithCustomToken", ["token": token, "returnSecureToken": true])
  }

  @Test func anUnsignedAdminTokenSignsItsUserInWithItsClaims() async throws {
    let harness = try Harness()
    let now = harness.clock.now()
    let first = await signIn(harness, Self.token(now: now, ["claims": ["premium": true]]))
    #expect(first.status == 200, "\(first.json)")
    #expect(first["isNewUser"] as? Bool == true && first.string("refreshToken") != nil)
    let idToken = try #require(first.string("idToken"))
    let claims = try #require(Self.claims(idToken))
    #expect(claims["sub"] as? String == "backend-7" && claims["premium"] as? Bool == true)
    #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "custom")
    #expect(await harness.lookup(idToken).user["localId"] as? String == "backend-7")
    // The refreshed ID token keeps the token's claims.
    let refreshed = await harness.refresh(try #require(first.string("refreshToken")))
    #expect(Self.claims(try #require(refreshed.string("id_token")))?["premium"] as? Bool == true)
    let again = await signIn(harness, Self.token(now: now))
    #expect(again["isNewUser"] as? Bool == false)
    #expect(await harness.disable("backend-7").status == 200)
    #expect(await signIn(harness, Self.token(now: now)).error == "USER_DISABLED")
  }

  @Test func whatTheEmulatorRefuses() async throws {
    let harness = try Harness()
    let now = harness.clock.now()
    let refusals: [(String, String)] = [
      ("", "MISSING_CUSTOM_TOKEN"),
      ("garbage", "INVALID_CUSTOM_TOKEN"),
      (Self.token(now: now, header: ["alg": "RS256"], signature: "c2ln"), "INVALID_CUSTOM_TOKEN"),
      (Self.token(now: now, ["aud": "my-project"]), "INVALID_CUSTOM_TOKEN"),
      (Self.token(now: now, ["exp": Int(now.timeIntervalSince1970) - 1]), "INVALID_CUSTOM_TOKEN"),
      (Self.token(uid: nil, now: now), "INVALID_CUSTOM_TOKEN"),
      (Self.token(uid: String(repeating: "u", count: 129), now: now), "INVALID_CUSTOM_TOKEN"),
      (Self.token(now: now, ["claims": ["aud": "x"]]), "FORBIDDEN_CLAIM"),
      (Self.token(now: now, ["tenant_id": "t1"]), "TENANT_ID_MISMATCH"),
      (Self.token(now: now, ["iss": "adminsdk@other-project.iam.gserviceaccount.com"]), "CREDENTIAL_MISMATCH"),
    ]
    for (token, code) in refusals {
      let reply = await signIn(harness, token)
      #expect(reply.status == 400 && reply.error?.hasPrefix(code) == true, "\(code): \(reply.json)")
    }
    // The project's own service account is fine.
    let own = Self.token(now: now, ["iss": "adminsdk@\(harness.projectID).iam.gserviceaccount.com"])
    #expect(await signIn(harness, own).status == 200)
  }

  static func claims(_ jwt: String) -> [String: Any]? {
    let parts = jwt.split(separator: ".")
    guard parts.count >= 2, let data = Base64URL.decode(parts[1]) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }
}
