import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// The engine's second factor (`Auth.startTOTPEnrollment`, `resolveSignIn`, `unenroll`) against the
/// built-in emulator in-process: a Firebase project on `IdentityToolkitEmulatorHarness`'s router, with
/// its manual clock shared by the engine, so codes are made for a chosen time step and nothing waits
/// for the next one.
@Suite struct MultiFactorEngineTests {
  let harness: IdentityToolkitEmulatorHarness
  let auth: Auth

  init() async throws {
    harness = try IdentityToolkitEmulatorHarness { $0.anonymousEnabled = true }
    let configuration = try ConfigurationLoader.parse(
      """
      [firebase]
      api_key = "AIza-any-key"
      project_id = "\(harness.projectID)"
      emulator_host = "127.0.0.1:9399"
      """, identity: .tests)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mfa-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    let router = harness.router
    let environment = AuthEnvironment(
      transport: InMemoryHTTPTransport { await router.handle($0) }, secrets: InMemorySecretStore(),
      pending: SQLitePendingAuthorizationStore(database: database), clock: harness.clock)
    auth = Auth(configuration: configuration, environment: environment, database: database)
  }

  /// A password account made by the Admin API, its email verified unless told otherwise.
  func createUser(_ email: String, verified: Bool = true) async throws {
    let reply = await harness.send(
      "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts", method: "POST",
      json: ["email": email, "password": "correct horse", "emailVerified": verified], key: nil,
      headers: [(name: "Authorization", value: "Bearer owner")])
    #expect(reply.status == 200, "\(reply.json)")
  }

  func code(_ secret: TOTPSecret, steps: Int64 = 0) throws -> String {
    let totp = TOTP(secret: try #require(Base32.decode(secret.sharedSecretKey.reveal())))
    return totp.code(step: totp.step(at: harness.clock.now()) + steps)
  }

  /// Enrolls a TOTP factor for the signed-in user; the secret.
  func enroll(name: String? = "Phone") async throws -> TOTPSecret {
    let secret = try await auth.startTOTPEnrollment()
    #expect(secret.codeLength == 6 && secret.periodSeconds == 30 && secret.hashingAlgorithm == "SHA1")
    _ = try await auth.finishTOTPEnrollment(secret, code: try code(secret), displayName: name)
    return secret
  }

  func multiFactorError(_ body: () async throws -> Void) async throws -> MultiFactorResolver {
    let error = try await #require(throws: AuthError.self) { try await body() }
    #expect(error.code == .multiFactorAuthRequired, "\(error)")
    return try #require(error.multiFactorResolver)
  }

  @Test func aPasswordSignInNeedsTheCodeOnceEnrolled() async throws {
    try await createUser("ada@example.com")
    _ = try await auth.signIn(email: "ada@example.com", password: Password("correct horse"))
    let secret = try await enroll()
    let factors = try await auth.multiFactors()
    #expect(factors.map(\.factorID) == ["totp"] && factors.first?.displayName == "Phone")
    let uri = secret.otpauthURI(accountName: "ada@example.com", issuer: "My App")
    #expect(uri.hasPrefix("otpauth://totp/My%20App:ada%40example.com?secret=\(secret.sharedSecretKey.reveal())&"))
    try await auth.signOut()

    let resolver = try await multiFactorError {
      _ = try await auth.signIn(email: "ada@example.com", password: Password("correct horse"))
    }
    #expect(resolver.hints.map(\.uid) == factors.map(\.uid) && resolver.firstFactor == "password")
    #expect(try await auth.currentUser() == nil)
    harness.clock.advance(by: 30)
    let wrong = try code(secret, steps: 5)
    await #expect(throws: AuthError.self) { _ = try await auth.resolveSignIn(resolver, totpCode: wrong) }
    let signedIn = try await auth.resolveSignIn(resolver, totpCode: try code(secret))
    #expect(try await auth.currentUser()?.uid == signedIn.user.uid)
    // The pending credential is single use, and so is the code.
    let again = try await #require(throws: AuthError.self) {
      _ = try await auth.resolveSignIn(resolver, totpCode: try code(secret))
    }
    #expect(again.code == .invalidMultiFactorSession)
  }

  @Test func aCodeIsUsedOnceAndMustBeWithinOneStep() async throws {
    try await createUser("grace@example.com")
    _ = try await auth.signIn(email: "grace@example.com", password: Password("correct horse"))
    let secret = try await enroll()
    try await auth.signOut()
    let resolver = try await multiFactorError {
      _ = try await auth.signIn(email: "grace@example.com", password: Password("correct horse"))
    }
    // The enrollment's own code (same step) is used already.
    let reused = try await #require(throws: AuthError.self) {
      _ = try await auth.resolveSignIn(resolver, totpCode: try code(secret))
    }
    #expect(reused.code == .invalidVerificationCode)
    let far = try await #require(throws: AuthError.self) {
      _ = try await auth.resolveSignIn(resolver, totpCode: try code(secret, steps: 2))
    }
    #expect(far.code == .invalidVerificationCode)
    // One step ahead (an authenticator whose clock runs a little fast) is accepted.
    _ = try await auth.resolveSignIn(resolver, totpCode: try code(secret, steps: 1))
  }

  @Test func fiveWrongCodesEndThePendingSignIn() async throws {
    try await createUser("alan@example.com")
    _ = try await auth.signIn(email: "alan@example.com", password: Password("correct horse"))
    let secret = try await enroll()
    try await auth.signOut()
    let resolver = try await multiFactorError {
      _ = try await auth.signIn(email: "alan@example.com", password: Password("correct horse"))
    }
    harness.clock.advance(by: 30)
    for _ in 0..<5 { _ = try? await auth.resolveSignIn(resolver, totpCode: try code(secret, steps: 3)) }
    let error = try await #require(throws: AuthError.self) {
      _ = try await auth.resolveSignIn(resolver, totpCode: try code(secret))
    }
    #expect(error.code == .invalidMultiFactorSession)
  }

  @Test func aProviderSignInNeedsTheCodeToo() async throws {
    let mona = IdentityToolkitEmulatorHarness.mona
    let first = try await auth.signIn(with: try await harness.providers.signIn("github.com", as: mona))
    let secret = try await enroll(name: nil)
    try await auth.signOut()
    let result = try await harness.providers.signIn("github.com", as: mona)
    let resolver = try await multiFactorError { _ = try await auth.signIn(with: result) }
    #expect(resolver.firstFactor == "github.com" && resolver.hints.first?.displayName == nil)
    harness.clock.advance(by: 30)
    let typo = try await #require(throws: AuthError.self) {
      _ = try await auth.resolveSignIn(resolver, totpCode: "12ab56")
    }
    #expect(typo.code == .invalidVerificationCode)
    let signedIn = try await auth.resolveSignIn(resolver, totpCode: try code(secret))
    #expect(signedIn.user.uid == first.user.uid && signedIn.additionalUserInfo?.providerID == "github.com")
    // The provider's credential of the first factor is kept for the session.
    _ = try await auth.providerCredential(providerID: "github.com", refreshing: false)
  }

  @Test func aGuestCannotEnroll() async throws {
    _ = try await auth.signInAnonymously()
    let error = try await #require(throws: AuthError.self) { _ = try await auth.startTOTPEnrollment() }
    #expect(error.code == .unsupportedFirstFactor)
  }

  @Test func unenrollingEndsTheSecondStepAndEnrollingNeedsAVerifiedEmail() async throws {
    try await createUser("unverified@example.com", verified: false)
    _ = try await auth.signIn(email: "unverified@example.com", password: Password("correct horse"))
    let unverified = try await #require(throws: AuthError.self) { _ = try await auth.startTOTPEnrollment() }
    #expect(unverified.code == .unverifiedEmail)
    try await auth.signOut()

    try await createUser("barbara@example.com")
    _ = try await auth.signIn(email: "barbara@example.com", password: Password("correct horse"))
    _ = try await enroll()
    let factor = try #require(try await auth.multiFactors().first)
    let missing = try await #require(throws: AuthError.self) { try await auth.unenroll("no-such-factor") }
    #expect(missing.code == .multiFactorInfoNotFound)
    try await auth.unenroll(factor.uid)
    #expect(try await auth.multiFactors().isEmpty)
    try await auth.signOut()
    _ = try await auth.signIn(email: "barbara@example.com", password: Password("correct horse"))
    #expect(try await auth.currentUser() != nil)
  }
}
