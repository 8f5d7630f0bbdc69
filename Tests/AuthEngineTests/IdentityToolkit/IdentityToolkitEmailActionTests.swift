import AuthEngine
import Foundation
import TestSupport
import Testing

/// Password reset and email verification against production's answers (the Identity Toolkit test
/// server emails nothing; it lists the codes, as the emulator does), and the local store's refusal.
@Suite struct IdentityToolkitEmailActionTests {
  @Test func aPasswordIsResetWithTheEmailedCode() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    let user = try await w.auth.createUser(email: "reset@example.com", password: Password("first password")).user
    try await w.auth.sendPasswordReset(toEmail: " Reset@Example.com ")
    let code = try await project.oobCode("PASSWORD_RESET", for: "reset@example.com")
    await expectAuthError(.weakPassword) {
      try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("short"))
    }
    #expect(
      try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("second password"))
        == "reset@example.com")
    // Used up; the reset revoked this session (its next refresh ends it).
    await expectAuthError(.invalidActionCode) {
      try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("third password"))
    }
    await expectAuthError(.userTokenExpired) { try await user.getIDToken(forceRefresh: true) }
    #expect(try await w.auth.currentUser() == nil)
    let signedIn = try await w.auth.signIn(email: "reset@example.com", password: Password("second password")).user
    #expect(signedIn.uid == user.uid && signedIn.emailVerified)
  }

  @Test func expiredAndUnknownCodesHaveTheirCodes() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    _ = try await w.auth.createUser(email: "late@example.com", password: Password("first password"))
    try await w.auth.sendPasswordReset(toEmail: "late@example.com")
    let code = try await project.oobCode("PASSWORD_RESET", for: "late@example.com")
    try await project.expireOobCodes()
    await expectAuthError(.expiredActionCode) {
      try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("second password"))
    }
    await expectAuthError(.invalidActionCode) { try await w.auth.applyEmailVerification(code: ActionCode("nope")) }
    await expectAuthError(.userNotFound) { try await w.auth.sendPasswordReset(toEmail: "nobody@example.com") }
  }

  /// Under email-enumeration protection an unknown address answers as a known one, and no code exists.
  @Test func enumerationProtectionGivesNoHint() async throws {
    let w = try await AccountWorld.make(.firebase, project: ["enumeration_protection": true])
    try await w.auth.sendPasswordReset(toEmail: "nobody@example.com")
    #expect(try await #require(w.project).oobCodes().isEmpty)
  }

  @Test func theSignedInAddressIsVerifiedWithTheEmailedCode() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    let user = try await w.auth.createUser(email: "verify@example.com", password: Password("first password")).user
    #expect(!user.emailVerified)
    try await user.sendEmailVerification()
    let code = try await project.oobCode("VERIFY_EMAIL", for: "verify@example.com")
    let stream = await w.auth.stateChanges()
    var changes = stream.makeAsyncIterator()
    try await w.auth.applyEmailVerification(code: ActionCode(code))
    #expect(try await w.auth.currentUser()?.emailVerified == true)
    #expect(await changes.next()??.emailVerified == true)
    await expectAuthError(.invalidActionCode) { try await w.auth.applyEmailVerification(code: ActionCode(code)) }
    // A user without an address has nothing to verify.
    try await w.auth.signOut()
    let other = try await w.auth.signIn(with: try await w.github(7, email: nil)).user
    await expectAuthError(.invalidEmail) { try await other.sendEmailVerification() }
  }

  /// The requests carry the REST reference's fields and nothing else; no code or password reaches a
  /// log line or an error's description.
  @Test func theRequestsCarryTheReferenceFieldsAndNoSecretIsLogged() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    let user = try await w.auth.createUser(email: "fields@example.com", password: Password("first password")).user
    try await user.sendEmailVerification()
    try await w.auth.sendPasswordReset(toEmail: "fields@example.com")
    let code = try await project.oobCode("PASSWORD_RESET", for: "fields@example.com")
    try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("second password"))
    let refused = await expectAuthError(.invalidActionCode) {
      try await w.auth.confirmPasswordReset(code: ActionCode(code), newPassword: Password("third password"))
    }
    let fields = try await project.log().filter { ["sendOobCode", "resetPassword"].contains($0["op"] as? String) }
      .map { ($0["op"] as? String ?? "", $0["fields"] as? [String] ?? []) }
    #expect(fields.map(\.0) == ["sendOobCode", "sendOobCode", "resetPassword", "resetPassword"])
    #expect(fields[0].1 == ["idToken", "requestType"] && fields[1].1 == ["email", "requestType"])
    #expect(fields[2].1 == ["newPassword", "oobCode"])
    let said = w.logs.all.joined(separator: "\n") + "\(String(describing: refused))" + (refused?.detail ?? "")
    for secret in [code, "second password", "third password"] { #expect(!said.contains(secret)) }
  }

  /// The local store sends no email, and says so.
  @Test func theLocalStoreSendsNoEmail() async throws {
    let w = try await AccountWorld.make(.local)
    let user = try await w.auth.createUser(email: "here@example.com", password: Password("first password")).user
    for refused in [
      await expectAuthError(.operationNotAllowed) { try await w.auth.sendPasswordReset(toEmail: "here@example.com") },
      await expectAuthError(.operationNotAllowed) { try await user.sendEmailVerification() },
      await expectAuthError(.operationNotAllowed) {
        try await w.auth.confirmPasswordReset(code: ActionCode("x"), newPassword: Password("second password"))
      },
      await expectAuthError(.operationNotAllowed) { try await w.auth.applyEmailVerification(code: ActionCode("x")) },
    ] {
      guard case .needsFirebase(.email)? = refused?.payload else {
        Issue.record("payload: \(String(describing: refused?.payload))")
        continue
      }
    }
  }
}
