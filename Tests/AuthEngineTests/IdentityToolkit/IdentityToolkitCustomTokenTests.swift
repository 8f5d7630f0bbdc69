import AuthEngine
import Foundation
import TestSupport
import Testing

/// `signIn(withCustomToken:)` against production's answers (the Identity Toolkit test server verifies
/// the token's signature as production does), and the local store's plain refusal.
@Suite struct IdentityToolkitCustomTokenTests {
  @Test func aBackendsTokenSignsItsUserIn() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    let first = try await w.auth.signIn(withCustomToken: CustomToken(try await project.customToken(uid: "backend-42")))
    #expect(first.user.uid == "backend-42" && first.additionalUserInfo?.isNewUser == true)
    #expect(first.additionalUserInfo?.providerID == "custom" && first.credential == nil)
    #expect(try await w.auth.currentUser()?.uid == "backend-42")
    let token = try await first.user.getIDToken().reveal()
    let payload = try #require(Base64URL.decode(token.split(separator: ".")[1]))
    let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
    #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "custom")
    try await w.auth.signOut()
    let again = try await w.auth.signIn(withCustomToken: CustomToken(try await project.customToken(uid: "backend-42")))
    #expect(again.user.uid == "backend-42" && again.additionalUserInfo?.isNewUser == false)
    let sent = try await project.log().filter { $0["op"] as? String == "signInWithCustomToken" }
    #expect(sent.count == 2 && sent.allSatisfy { ($0["fields"] as? [String]) == ["returnSecureToken", "token"] })
  }

  @Test func theProjectsRefusalsHaveTheirCodes() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    await expectAuthError(.invalidCustomToken) { try await w.auth.signIn(withCustomToken: CustomToken("not.a.token")) }
    let expired = try await project.customToken(uid: "u", expiresIn: -10)
    await expectAuthError(.invalidCustomToken) { try await w.auth.signIn(withCustomToken: CustomToken(expired)) }
    let other = try await project.customToken(uid: "u", serviceAccountProject: "another-project")
    let mismatch = await expectAuthError(.customTokenMismatch) {
      try await w.auth.signIn(withCustomToken: CustomToken(other))
    }
    #expect(mismatch?.origin == .accountServer)
    let user = try await w.auth.signIn(withCustomToken: CustomToken(try await project.customToken(uid: "off"))).user
    try await w.auth.signOut()
    try await project.disable(user.uid)
    await expectAuthError(.userDisabled) {
      try await w.auth.signIn(withCustomToken: CustomToken(try await project.customToken(uid: "off")))
    }
    #expect(try await w.auth.currentUser() == nil)
  }

  /// Nothing signs custom tokens for the local store: it says so, and nothing changes.
  @Test func theLocalStoreRefusesCustomTokens() async throws {
    let w = try await AccountWorld.make(.local)
    let refused = await expectAuthError(.operationNotAllowed) {
      try await w.auth.signIn(withCustomToken: CustomToken("header.payload.signature"))
    }
    guard case .needsFirebase(.customToken)? = refused?.payload else {
      Issue.record("payload: \(String(describing: refused?.payload))")
      return
    }
    #expect(try await w.auth.currentUser() == nil)
  }
}
