import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// One account per email: link, needConfirmation (verified email or not), already linked, EMAIL_EXISTS,
/// autoCreate, pending tokens, disabled users and recent sign-in.
@Suite struct IdentityToolkitEmulatorAccountRuleTests {
  @Test func linkingAddsTheProviderToTheSignedInUser() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    let idToken = try #require(github.string("idToken"))
    let linked = try await harness.signedIn(try await harness.twitterPostBody(), ["idToken": idToken])
    #expect(linked.string("localId") == github.string("localId"))
    #expect(linked["isNewUser"] == nil)
    let lookup = await harness.lookup(try #require(linked.string("idToken")))
    #expect(lookup.rawIds == ["github.com": "583231", "twitter.com": "1467726470533754880"])
    let claims = try await harness.verifiedClaims(try #require(linked.string("idToken")))
    #expect(claims["firebase"]?["identities"]?["twitter.com"] == .array([.string("1467726470533754880")]))
  }

  @Test func anUnverifiedIdPEmailOfAnExistingAccountNeedsConfirmation() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    // X's Mona shares octocat@example.com, and X's emails are not verified.
    let reply = await harness.signInWithIdp(try await harness.twitterPostBody(IdentityToolkitEmulatorHarness.monaOnX))
    #expect(reply.status == 200)
    #expect(reply["needConfirmation"] as? Bool == true)
    #expect(reply.string("email") == "octocat@example.com")
    #expect(reply.string("localId") == github.string("localId"))
    #expect(reply["verifiedProvider"] as? [String] == ["github.com"])
    #expect(reply.string("idToken") == nil)
    let pending = try #require(reply.string("pendingToken"))
    // The owner signs in and links the pending credential: no provider token needed any more.
    let linked = try await harness.signedIn(
      ["providerId": "twitter.com"], ["idToken": try #require(github.string("idToken")), "pendingToken": pending])
    let lookup = await harness.lookup(try #require(linked.string("idToken")))
    #expect(lookup.rawIds == ["github.com": "583231", "twitter.com": "783214"])
  }

  @Test func anIdPAccountLinkedElsewhereIsFederatedUserIdAlreadyLinked() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let x = try await harness.twitterPostBody()
    let owner = try await harness.signedIn(x)
    let other = await harness.signUp("someone@example.com")
    let idToken = try #require(other.string("idToken"))
    let forced = await harness.signInWithIdp(x, ["idToken": idToken])
    #expect(forced.status == 200)
    #expect(forced.string("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED")
    #expect(forced.string("oauthAccessToken") != nil)
    #expect(forced.string("pendingToken") != nil)
    #expect(forced.string("idToken") == nil)
    let plain = await harness.signInWithIdp(x, ["idToken": idToken, "returnIdpCredential": false])
    #expect(plain.status == 400)
    #expect(plain.error == "FEDERATED_USER_ID_ALREADY_LINKED")
    // Linking to the user who already has it is refused too (idp.spec "… already linked to the same user").
    let same = await harness.signInWithIdp(x, ["idToken": try #require(owner.string("idToken"))])
    #expect(same.string("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED")
  }

  @Test func linkingAnIdPWhoseEmailAnotherAccountOwnsIsEmailExists() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    _ = await harness.signUp("octocat@example.com")
    let other = await harness.signUp("someone@example.com")
    let reply = await harness.signInWithIdp(
      try await harness.githubPostBody(), ["idToken": try #require(other.string("idToken"))])
    #expect(reply.status == 200)
    #expect(reply.string("errorMessage") == "EMAIL_EXISTS")
    let lookup = await harness.lookup(try #require(other.string("idToken")))
    #expect(lookup.rawIds == ["password": "someone@example.com"])  // nothing was linked
  }

  /// Production: a verified email from an untrusted provider does not join the existing account (the
  /// Firebase Auth Emulator would link it and drop the owner's password).
  @Test func aVerifiedIdPEmailOfAnExistingAccountNeedsConfirmationToo() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let password = await harness.signUp("jane@example.com")
    let reply = await harness.signInWithIdp(try await harness.oidcPostBody())
    #expect(reply["needConfirmation"] as? Bool == true)
    #expect(reply.string("localId") == password.string("localId") && reply.string("idToken") == nil)
    let lookup = await harness.lookup(try #require(password.string("idToken")))
    #expect(lookup.rawIds == ["password": "jane@example.com"])
  }

  @Test func reauthenticationWithAutoCreateFalseCreatesNobody() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let body = try await harness.githubPostBody()
    let reply = await harness.signInWithIdp(body, ["autoCreate": false])
    #expect(reply.status == 400)
    #expect(reply.error == "USER_NOT_FOUND")
    let created = try await harness.signedIn(body)
    #expect(created["isNewUser"] as? Bool == true)  // the refused call left no account behind
    let again = try await harness.signedIn(body, ["autoCreate": false])
    #expect(again.string("localId") == created.string("localId"))
  }

  @Test func aPendingTokenIsGoodForTenMinutesAndOneProvider() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let pending = try #require(try await harness.signedIn(try await harness.githubPostBody()).string("pendingToken"))
    let wrongProvider = await harness.signInWithIdp(["providerId": "twitter.com"], ["pendingToken": pending])
    #expect(wrongProvider.error == "INVALID_PENDING_TOKEN")
    _ = try await harness.signedIn(["providerId": "github.com"], ["pendingToken": pending])
    harness.clock.advance(by: 601)
    let late = await harness.signInWithIdp(["providerId": "github.com"], ["pendingToken": pending])
    #expect(late.error == "INVALID_PENDING_TOKEN")
  }

  @Test func aDisabledUserCannotSignInOrRefresh() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let body = try await harness.githubPostBody()
    let first = try await harness.signedIn(body)
    #expect(await harness.disable(try #require(first.string("localId"))).status == 200)
    let again = await harness.signInWithIdp(body)
    #expect(again.error == "USER_DISABLED")
    #expect(await harness.refresh(try #require(first.string("refreshToken"))).error == "USER_DISABLED")
    #expect(await harness.lookup(try #require(first.string("idToken"))).error == "USER_DISABLED")
    // Without the admin credential the localId form is refused.
    let notAdmin = await harness.call(
      "update", ["localId": try #require(first.string("localId")), "disableUser": false])
    #expect(notAdmin.error == "INVALID_REQ_TYPE : Unsupported request parameters.")
  }

  @Test func linkingAndDeletingNeedARecentSignIn() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    let idToken = try #require(github.string("idToken"))
    let x = try await harness.twitterPostBody()
    harness.clock.advance(by: 301)
    let link = await harness.signInWithIdp(x, ["idToken": idToken])
    #expect(link.error == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    #expect(await harness.call("delete", ["idToken": idToken]).error == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    #expect(await harness.signUp("octocat@example.com", idToken: idToken).error == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    #expect(await harness.lookup(idToken).status == 200)  // reading needs no recent sign-in
  }

  @Test func duplicateEmailsWhenTheProjectAllowsThem() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let patch = await harness.send(
      "/emulator/v1/projects/\(harness.projectID)/config", method: "PATCH",
      json: ["signIn": ["allowDuplicateEmails": true]], key: nil)
    #expect((patch["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == true)
    let github = try await harness.signedIn(try await harness.githubPostBody())
    let x = try await harness.signedIn(try await harness.twitterPostBody(IdentityToolkitEmulatorHarness.monaOnX))
    #expect(x.string("localId") != github.string("localId"))
    #expect(await harness.lookup(try #require(x.string("idToken"))).user["email"] == nil)
  }
}
