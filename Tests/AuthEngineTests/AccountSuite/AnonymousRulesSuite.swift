import AuthEngine
import Foundation
import TestSupport
import Testing

/// Anonymous users, upgraded by linking, against both backends (the Firebase project allows anonymous
/// sign-in, as the console's "Anonymous" provider does).
@Suite struct AnonymousRulesSuite {
  static func world(_ mode: AccountMode) async throws -> AccountWorld {
    try await AccountWorld.make(
      mode, oidc: ["a": .init(id: "anon-sub", email: "anon@example.com")], project: ["anonymous_enabled": true])
  }

  @Test(arguments: AccountMode.allCases)
  func anAnonymousUserIsUpgradedByLinkingAPassword(mode: AccountMode) async throws {
    let w = try await Self.world(mode)
    let anonymous = try await w.auth.signInAnonymously()
    let user = anonymous.user
    #expect(user.isAnonymous && user.providerData.isEmpty && user.email == nil)
    #expect(anonymous.additionalUserInfo?.isNewUser == true && anonymous.additionalUserInfo?.providerID == "anonymous")
    #expect(try await w.auth.currentUser()?.uid == user.uid)
    _ = try await user.getIDToken()
    let upgraded = try await w.auth.linkPassword(email: "Anon@Example.com", password: Password("s3cret-pass"))
    #expect(upgraded.uid == user.uid && !upgraded.isAnonymous)
    #expect(upgraded.email == "anon@example.com" && upgraded.providerData.map(\.providerID) == ["password"])
    try await w.auth.signOut()
    let again = try await w.auth.signIn(email: "anon@example.com", password: Password("s3cret-pass"))
    #expect(again.user.uid == user.uid)
  }

  @Test(arguments: AccountMode.allCases)
  func anAnonymousUserIsUpgradedByLinkingAProvider(mode: AccountMode) async throws {
    let w = try await Self.world(mode)
    let user = try await w.auth.signInAnonymously().user
    let linked = try await user.link(with: try await w.oidc("a"))
    #expect(linked.user.uid == user.uid && !linked.user.isAnonymous)
    #expect(linked.user.providerData.map(\.providerID) == ["oidc.a"] && linked.user.email == "anon@example.com")
    #expect(try await w.auth.currentUser()?.isAnonymous == false)
  }

  /// Firebase's rule: a credential another user has is `credential-already-in-use`, with the credential
  /// handed back to sign in with; the anonymous user stays signed in, unchanged.
  @Test(arguments: AccountMode.allCases)
  func aCredentialInUseIsHandedBack(mode: AccountMode) async throws {
    let w = try await Self.world(mode)
    let owner = try await w.auth.signIn(with: try await w.github(41, email: "owner@example.com")).user
    try await w.auth.signOut()
    let anonymous = try await w.auth.signInAnonymously().user
    #expect(anonymous.uid != owner.uid)
    let inUse = await expectAuthError(.credentialAlreadyInUse) {
      try await anonymous.link(with: try await w.github(41, email: "owner@example.com"))
    }
    #expect(inUse?.credentialInUse?.providerID == "github.com")
    #expect(inUse?.credentialInUse?.credential.accessToken != nil)
    let current = try await w.auth.currentUser()
    #expect(current?.uid == anonymous.uid && current?.isAnonymous == true)
    // The password of another account's email is refused too.
    _ = try await w.auth.signOut()
    _ = try await w.auth.createUser(email: "taken@example.com", password: Password("s3cret-pass"))
    try await w.auth.signOut()
    _ = try await w.auth.signInAnonymously()
    await expectAuthError(.emailAlreadyInUse) {
      try await w.auth.linkPassword(email: "taken@example.com", password: Password("s3cret-pass"))
    }
  }

  /// A project that has not enabled anonymous sign-in refuses it; the local store always allows it.
  @Test func aProjectWithoutAnonymousSignInRefusesIt() async throws {
    let w = try await AccountWorld.make(.firebase)
    let refused = await expectAuthError(.operationNotAllowed) { try await w.auth.signInAnonymously() }
    #expect(refused?.origin == .accountServer)
    #expect(try await w.auth.currentUser() == nil)
  }
}
