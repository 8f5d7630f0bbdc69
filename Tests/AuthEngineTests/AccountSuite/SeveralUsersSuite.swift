import AuthEngine
import Foundation
import TestSupport
import Testing

/// Several signed-in users, against both backends: signing in adds a user and makes it current, each
/// user keeps its own session (refresh token, ID token) and provider tokens, switching and signing out
/// one or all (docs/accounts.md, "Several accounts").
@Suite struct SeveralUsersSuite {
  @Test(arguments: AccountMode.allCases)
  func signingInAddsAUserAndSignsNobodyOut(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let first = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let second = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    let signedIn = try await w.auth.signedInUsers()
    #expect(signedIn.users.map(\.uid) == [first.uid, second.uid])
    #expect(signedIn.currentUID == second.uid)
    #expect(try await w.auth.currentUser()?.uid == second.uid)
    #expect(try await w.sessionSecrets().count == 2, "each user has its own session")
    // Each user's own ID token and provider token, current or not.
    for user in [first, second] {
      let claims = try IDTokenCheck.verify(try await user.getIDToken(), jwks: try await w.auth.jwks())
      #expect(claims["sub"]?.string == user.uid)
      let token = try await w.auth.providerCredential(providerID: "github.com", uid: user.uid)
      #expect(token.accessToken != nil)
    }
    let firstToken = try await w.auth.providerCredential(providerID: "github.com", uid: first.uid)
    let secondToken = try await w.auth.providerCredential(providerID: "github.com")
    #expect(firstToken.accessToken?.reveal() != secondToken.accessToken?.reveal())
    // Signing in again as a signed-in user replaces its session and makes it current.
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    #expect(try await w.auth.signedInUsers().users.count == 2)
    #expect(try await w.auth.currentUser()?.uid == first.uid)
    #expect(try await w.sessionSecrets().count == 2, "the replaced session's token was kept")
  }

  @Test(arguments: AccountMode.allCases)
  func switchingAndSigningOutOneOrAll(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let b = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    let c = try await w.auth.createUser(email: "c@example.com", password: Password("correct horse")).user
    #expect(try await w.auth.switchUser(to: a.uid).uid == a.uid)
    #expect(try await w.restarted().auth.currentUser()?.uid == a.uid, "the switch was not kept")
    // Signing out the current user makes the one current before it current again.
    try await w.auth.signOut()
    #expect(try await w.auth.currentUser()?.uid == c.uid)
    #expect(try await w.auth.signedInUsers().users.map(\.uid) == [b.uid, c.uid])
    await expectAuthError(.noCurrentUser) { try await w.auth.switchUser(to: a.uid) }
    await expectAuthError(.noCurrentUser) { try await a.getIDToken() }
    // Signing out a user who is not current leaves the current one.
    try await b.signOut()
    #expect(try await w.auth.currentUser()?.uid == c.uid)
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    try await w.auth.signOutAll()
    #expect(try await w.auth.signedInUsers().users.isEmpty)
    #expect(try await w.auth.currentUser() == nil)
    #expect(try await w.sessionSecrets().isEmpty, "a session's tokens outlived the sign-out")
    #expect(try await w.accountCount() == 3, "signing out deleted an account")
  }

  /// Firebase's rules hold across every account, signed in or not: an identity stays its user's, an
  /// email its account's, whichever user is current.
  @Test(arguments: AccountMode.allCases)
  func theRulesHoldAcrossEveryAccount(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "9", email: nil))
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let b = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    let conflict = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.github(3, email: "a@example.com"))
    }
    #expect(conflict?.accountConflict?.email == "a@example.com")
    #expect(try await w.auth.currentUser()?.uid == b.uid, "a refused sign-in changed the current user")
    _ = try await a.link(with: try await w.twitter())
    #expect(try await w.auth.signedInUser(uid: a.uid)?.providerData.map(\.providerID) == ["github.com", "twitter.com"])
    #expect(try await w.auth.currentUser()?.uid == b.uid, "linking another user switched to it")
    await expectAuthError(.credentialAlreadyInUse) { try await b.link(with: try await w.twitter()) }
  }

  /// The listing (one read of every signed-in user) gives each user as reading that one user does:
  /// identities in the order linked, the password last, an anonymous user with none.
  @Test(arguments: AccountMode.allCases)
  func theListingGivesEachUserAsReadAlone(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "9", email: nil))
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    _ = try await a.link(with: try await w.twitter())
    _ = try await w.auth.linkPassword(email: "a@example.com", password: Password("correct horse"), uid: a.uid)
    // The test project does not allow anonymous sign-ins.
    let anonymous = mode == .local ? try await w.auth.signInAnonymously().user.uid : nil
    let c = try await w.auth.createUser(email: "c@example.com", password: Password("correct horse")).user
    let listed = try await w.auth.signedInUsers()
    var alone: [User] = []
    for uid in [a.uid, anonymous, c.uid].compactMap({ $0 }) {
      alone.append(try #require(try await w.auth.signedInUser(uid: uid)))
    }
    #expect(listed.users == alone)
    #expect(listed.users.first?.providerData.map(\.providerID) == ["github.com", "twitter.com", "password"])
    #expect(listed.currentUID == c.uid)
  }

  @Test(arguments: AccountMode.allCases)
  func aNameChoosesOneSignedInUser(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let b = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    for (name, uid) in [(a.uid, a.uid), ("A@Example.com", a.uid), ("github.com:user2", b.uid), ("github.com:1", a.uid)]
    {
      let choice = try await w.auth.chooseUser(AccountRequest(explicit: name))
      #expect(choice.user.uid == uid, "\(name)")
      #expect(choice.reason == .flag(name))
    }
    let byVariable = try await w.auth.chooseUser(AccountRequest(environment: "b@example.com"))
    #expect(byVariable.user.uid == b.uid && byVariable.reason == .environment("b@example.com"))
    let current = try await w.auth.chooseUser(AccountRequest(directory: "/tmp"))
    #expect(current.user.uid == b.uid && current.reason == .current)
    let unknown = await expectAuthError(.unknownAccount) {
      try await w.auth.chooseUser(AccountRequest(explicit: "c@example.com", environment: "a@example.com"))
    }
    guard case .accountSelection(let problem) = unknown?.payload else {
      Issue.record("no candidates: \(String(describing: unknown))")
      return
    }
    #expect(problem.name == "c@example.com" && problem.reason == .flag("c@example.com"))
    #expect(problem.candidates.map(\.uid) == [a.uid, b.uid])
    #expect(problem.candidates.map(\.logins) == [["github.com:user1"], ["github.com:user2"]])
  }
}
