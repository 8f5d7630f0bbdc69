import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// `signUp`, `signInWithPassword` and `createAuthUri`, with and without email-enumeration protection.
@Suite struct IdentityToolkitEmulatorEmailPasswordTests {
  static func enumerationProtection(_ harness: IdentityToolkitEmulatorHarness, _ on: Bool) async {
    let reply = await harness.send(
      "/emulator/v1/projects/\(harness.projectID)/config", method: "PATCH",
      json: ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": on]], key: nil)
    #expect(reply.status == 200)
  }

  @Test func signUpThenSignInWithPassword() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("Ada@Example.com")
    #expect(signUp.status == 200)
    #expect(signUp.string("email") == "ada@example.com")  // lowercased
    #expect(signUp.string("refreshToken") != nil)
    let signIn = await harness.call("signInWithPassword", ["email": "ADA@example.com", "password": "correct horse"])
    #expect(signIn.string("localId") == signUp.string("localId"))
    #expect(signIn["registered"] as? Bool == true)
    let lookup = await harness.lookup(try #require(signIn.string("idToken")))
    #expect(lookup.rawIds == ["password": "ada@example.com"])
    #expect(lookup.user["passwordHash"] as? String == "UkVEQUNURUQ=")  // redacted, as production
    let claims = try await harness.verifiedClaims(try #require(signIn.string("idToken")))
    #expect(claims["firebase"]?["sign_in_provider"]?.string == "password")
  }

  @Test func signUpErrors() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    _ = await harness.signUp("ada@example.com")
    #expect(await harness.signUp("ada@example.com").error == "EMAIL_EXISTS")
    #expect(await harness.signUp("not-an-email").error == "INVALID_EMAIL")
    #expect(
      await harness.signUp("bob@example.com", "12345").error
        == "WEAK_PASSWORD : Password should be at least 6 characters")
    #expect(await harness.call("signUp", ["email": "bob@example.com"]).error == "MISSING_PASSWORD")
    #expect(await harness.call("signUp", [:]).error == "ADMIN_ONLY_OPERATION")
    let disabled = try IdentityToolkitEmulatorHarness { $0.passwordEnabled = false }
    #expect(await disabled.signUp("ada@example.com").error == "OPERATION_NOT_ALLOWED")
  }

  @Test func wrongPasswordAndUnknownEmailWithAndWithoutProtection() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    _ = await harness.signUp("ada@example.com")
    let wrong: [String: Any] = ["email": "ada@example.com", "password": "wrong password"]
    let unknown: [String: Any] = ["email": "nobody@example.com", "password": "whatever"]
    #expect(await harness.call("signInWithPassword", wrong).error == "INVALID_PASSWORD")
    #expect(await harness.call("signInWithPassword", unknown).error == "EMAIL_NOT_FOUND")
    await Self.enumerationProtection(harness, true)
    #expect(await harness.call("signInWithPassword", wrong).error == "INVALID_LOGIN_CREDENTIALS")
    #expect(await harness.call("signInWithPassword", unknown).error == "INVALID_LOGIN_CREDENTIALS")
  }

  @Test func createAuthUriListsMethodsUnlessProtectionHidesThem() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    _ = await harness.signUp("octocat@example.com", idToken: github.string("idToken"))
    let body: [String: Any] = ["identifier": "OctoCat@example.com", "continueUri": "http://localhost"]
    let open = await harness.call("createAuthUri", body)
    #expect(open["registered"] as? Bool == true)
    #expect(open["signinMethods"] as? [String] == ["github.com", "password"])
    let nobody = await harness.call(
      "createAuthUri", ["identifier": "no@example.com", "continueUri": "http://localhost"])
    #expect(nobody["registered"] as? Bool == false)
    #expect(nobody["signinMethods"] as? [String] == [])
    await Self.enumerationProtection(harness, true)
    let hidden = await harness.call("createAuthUri", body)
    #expect(hidden["registered"] == nil)
    #expect(hidden["signinMethods"] == nil)
    #expect(hidden.string("sessionId") != nil)
    #expect(await harness.call("createAuthUri", ["identifier": "x@example.com"]).error == "MISSING_CONTINUE_URI")
  }

  @Test func aPasswordIsLinkedOntoAProviderUserThroughSignUp() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    // The user's own email is not EMAIL_EXISTS (production; firebase-tools refuses it).
    let linked = await harness.signUp("octocat@example.com", idToken: github.string("idToken"))
    #expect(linked.status == 200, "\(linked.json)")
    #expect(linked.string("localId") == github.string("localId"))
    let lookup = await harness.lookup(try #require(linked.string("idToken")))
    #expect(lookup.rawIds == ["github.com": "583231", "password": "octocat@example.com"])
  }

  @Test func theLockoutCountsWrongPasswordsAcrossRequests() async throws {
    let harness = try IdentityToolkitEmulatorHarness { $0.maxPasswordAttempts = 2 }
    _ = await harness.signUp("ada@example.com")
    for _ in 0..<2 {
      let wrong = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "wrong password"])
      #expect(wrong.error == "INVALID_PASSWORD")
    }
    let right = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    #expect(right.error?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER :") == true)
    harness.clock.advance(by: 3601)
    #expect(
      await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]).status == 200)
  }
}
