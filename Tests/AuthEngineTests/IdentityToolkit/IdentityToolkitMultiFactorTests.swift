import AuthEngine
import Foundation
import TestSupport
import Testing

/// The client's second factor against production's answers: the Identity Toolkit test server's v2
/// operations (`Tests/Servers/itk_mfa.py`, pyotp checking the codes on the project's clock), its
/// request log, and its faults.
@Suite struct IdentityToolkitMultiFactorTests {
  static let email = "ada.mfa@example.com"

  /// A Firebase world whose password account has a TOTP factor enrolled elsewhere (the control
  /// route: the account's web app enrolled it); the account's uid.
  func worldWithAFactor() async throws -> (AccountWorld, IdentityToolkitTestProject, String) {
    let world = try await AccountWorld.make(.firebase)
    let project = try #require(world.project)
    let uid = try await world.auth.createUser(email: Self.email, password: Password("correct horse")).user.uid
    try await world.auth.signOut()
    _ = try await Control.post(totpURL(project, uid), ["displayName": "Pixel"])
    return (world, project, uid)
  }

  func totpURL(_ project: IdentityToolkitTestProject, _ uid: String) -> URL {
    project.base.appendingPathComponent("_test/projects/\(project.id)/users/\(uid)/totp")
  }

  /// The authenticator's code at the project's clock, `ahead` steps later.
  func code(_ project: IdentityToolkitTestProject, _ uid: String, ahead: Int = 0) async throws -> String {
    var components = URLComponents(url: totpURL(project, uid), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "ahead", value: String(ahead))]
    let answer = try await Control.get(components.url!) as? [String: Any]
    return try #require(answer?["code"] as? String)
  }

  func signInError(_ world: AccountWorld) async throws -> AuthError {
    try await #require(throws: AuthError.self) {
      _ = try await world.auth.signIn(email: Self.email, password: Password("correct horse"))
    }
  }

  @Test func aPendingCredentialIsFinishedWithTheCode() async throws {
    let (world, project, uid) = try await worldWithAFactor()
    let error = try await signInError(world)
    #expect(error.code == .multiFactorAuthRequired)
    let resolver = try #require(error.multiFactorResolver)
    #expect(resolver.hints.map(\.factorID) == ["totp"] && resolver.hints.first?.displayName == "Pixel")
    #expect(resolver.email == Self.email && resolver.firstFactor == "password")
    #expect(try await world.auth.currentUser() == nil)
    #expect(try await world.sessionSecrets().isEmpty, "nothing of the first factor is stored")
    #expect(!"\(error)".contains("AMf-vB") && !"\(resolver)".contains("AMf-vB"))

    let wrong = try await #require(throws: AuthError.self) {
      _ = try await world.auth.resolveSignIn(resolver, totpCode: try await code(project, uid, ahead: 3))
    }
    #expect(wrong.code == .invalidVerificationCode)
    try await project.fault("mfaSignIn:finalize")
    let outage = try await #require(throws: AuthError.self) {
      _ = try await world.auth.resolveSignIn(resolver, totpCode: try await code(project, uid))
    }
    #expect(outage.code == .networkRequestFailed)
    #expect(try await world.auth.currentUser() == nil)

    let signedIn = try await world.auth.resolveSignIn(resolver, totpCode: try await code(project, uid))
    let current = try await world.auth.currentUser()
    #expect(signedIn.user.uid == uid && current?.uid == uid)
    let finalize = try #require(try await project.log().last { $0["op"] as? String == "mfaSignIn:finalize" })
    #expect(
      finalize["fields"] as? [String] == ["mfaEnrollmentId", "mfaPendingCredential", "totpVerificationInfo"])
    #expect(finalize["path"] as? String == "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize")

    let reused = try await #require(throws: AuthError.self) {
      _ = try await world.auth.resolveSignIn(resolver, totpCode: try await code(project, uid, ahead: 1))
    }
    #expect(reused.code == .invalidMultiFactorSession)
  }

  /// pyotp as the user's authenticator app: the code of `uri` (`otpauth://`), `ahead` steps after the
  /// project's clock.
  func authenticator(_ project: IdentityToolkitTestProject, _ uri: String, ahead: Int = 0) async throws -> String {
    let url = project.base.appendingPathComponent("_test/projects/\(project.id)/authenticator")
    return try #require(try await Control.post(url, ["uri": uri, "ahead": ahead])["code"] as? String)
  }

  @Test func aProviderSignInKeepsItsCredentialUntilTheCode() async throws {
    let world = try await AccountWorld.make(.firebase)
    let project = try #require(world.project)
    let first = try await world.auth.signIn(with: try await world.github(4242, email: "gh.mfa@example.com"))
    // Enrolled from this client (GitHub's email is verified).
    let secret = try await world.auth.startTOTPEnrollment()
    #expect(secret.codeLength == 6 && secret.periodSeconds == 30)
    #expect(!"\(secret)".contains(secret.sharedSecretKey.reveal()))
    let uri = secret.otpauthURI(accountName: "gh.mfa@example.com", issuer: project.id)
    let typo = try await #require(throws: AuthError.self) {
      _ = try await world.auth.finishTOTPEnrollment(secret, code: "12345x")
    }
    #expect(typo.code == .invalidVerificationCode)
    _ = try await world.auth.finishTOTPEnrollment(
      secret, code: try await authenticator(project, uri), displayName: "Pixel")
    let log = try await project.log()
    let start = try #require(log.last { $0["op"] as? String == "mfaEnrollment:start" })
    #expect(start["fields"] as? [String] == ["idToken", "totpEnrollmentInfo"])
    let finalize = try #require(log.last { $0["op"] as? String == "mfaEnrollment:finalize" })
    #expect(finalize["fields"] as? [String] == ["displayName", "idToken", "totpVerificationInfo"])
    try await world.auth.signOut()

    let error = try await #require(throws: AuthError.self) {
      _ = try await world.auth.signIn(with: try await world.github(4242, email: "gh.mfa@example.com"))
    }
    let resolver = try #require(error.multiFactorResolver)
    #expect(resolver.firstFactor == "github.com")
    #expect(try await world.sessionSecrets().isEmpty, "no session before the code")
    let signedIn = try await world.auth.resolveSignIn(
      resolver, totpCode: try await authenticator(project, uri, ahead: 1))
    #expect(signedIn.user.uid == first.user.uid && signedIn.credential?.providerID == "github.com")
    _ = try await world.auth.providerCredential(providerID: "github.com", refreshing: false)
  }

  @Test func enrollingNeedsAVerifiedEmailAndListsAndRemovesTheFactor() async throws {
    let (world, project, uid) = try await worldWithAFactor()
    let resolver = try #require(try await signInError(world).multiFactorResolver)
    _ = try await world.auth.resolveSignIn(resolver, totpCode: try await code(project, uid))
    let listed = try await world.auth.multiFactors()
    #expect(listed.count == 1 && listed.first?.displayName == "Pixel" && listed.first?.enrollmentDate != nil)
    let unverified = try await #require(throws: AuthError.self) { _ = try await world.auth.startTOTPEnrollment() }
    #expect(unverified.code == .unverifiedEmail)
    let missing = try await #require(throws: AuthError.self) { try await world.auth.unenroll("nope") }
    #expect(missing.code == .multiFactorInfoNotFound)
    try await world.auth.unenroll(try #require(listed.first?.uid))
    #expect(try await world.auth.multiFactors().isEmpty)
    #expect(try await world.auth.currentUser()?.uid == uid, "withdraw's new tokens keep this session")
    _ = try await world.auth.currentUser()?.getIDToken(forceRefresh: true)
  }
}
