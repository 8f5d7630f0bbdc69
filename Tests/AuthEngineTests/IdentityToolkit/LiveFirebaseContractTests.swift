import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The Identity Toolkit contract against a real Firebase project — or a developer's own firebase-tools
/// emulator — instead of the test server: email and password, methods, token refresh, the ID token
/// against the project's published keys, a password change and deletion. It creates one account and
/// deletes it (Firebase limits new accounts per IP and hour). It runs only when asked, never in CI:
///
///     AUTH_DESKTOP_LIVE_FIREBASE_API_KEY=AIza… AUTH_DESKTOP_LIVE_FIREBASE_PROJECT_ID=my-app \
///       [FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099] swift test --filter LiveFirebaseContractTests
@Suite(.enabled(if: LiveFirebase.settings != nil, LiveFirebase.skipReason)) struct LiveFirebaseContractTests {
  @Test func emailPasswordTokensAndDeletion() async throws {
    let live = try #require(LiveFirebase.settings)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-live-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    var configuration = AuthConfiguration(identity: .tests)
    configuration.firebase = live
    let auth = Auth(
      configuration: configuration,
      environment: AuthEnvironment(
        transport: URLSessionTransport(timeout: 20), secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database)),
      database: database)
    let email = "authdesktop-contract-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    let created = try await auth.createUser(email: email, password: Password("contract-\(UUID().uuidString)"))
    do {
      #expect(created.user.email == email && created.additionalUserInfo?.isNewUser == true)
      #expect(created.user.providerData.map(\.providerID) == ["password"])
      let methods = try await auth.signInMethods(forEmail: email)
      #expect(methods.hidden || methods.methods == ["password"], "\(methods)")
      let token = try await created.user.getIDToken()
      let refreshed = try await created.user.getIDToken(forceRefresh: true)
      #expect(!refreshed.reveal().isEmpty)
      let claims = try #require(Self.claims(token))
      #expect(claims["sub"]?.string == created.user.uid)
      if live.emulatorHost == nil {
        #expect(claims["aud"]?.string == live.projectID)
        #expect(claims["iss"]?.string == "https://securetoken.google.com/\(live.projectID)")
        let keys = try await auth.jwks()
        #expect(keys["keys"]?.array?.contains { $0["kid"] == Self.header(token)?["kid"] } == true)
      }
      try await created.user.updatePassword(to: Password("changed-\(UUID().uuidString)"))
      await expectAuthError(.wrongPassword) { try await auth.signIn(email: email, password: Password("not it")) }
    } catch {
      try? await auth.currentUser()?.delete(revokeProviderTokens: false)
      throw error
    }
    try await #require(try await auth.currentUser()).delete(revokeProviderTokens: false)
    #expect(try await auth.currentUser() == nil)
  }

  static func claims(_ token: IDToken) -> [String: JSONValue]? { part(token, 1) }
  static func header(_ token: IDToken) -> [String: JSONValue]? { part(token, 0) }
  static func part(_ token: IDToken, _ index: Int) -> [String: JSONValue]? {
    let parts = token.reveal().split(separator: ".")
    guard parts.count == 3 else { return nil }
    return Base64URL.decode(parts[index]).flatMap(JSONValue.parse)?.object
  }
}

/// The project of the live contract test, from the environment.
enum LiveFirebase {
  static let apiKeyVariable = "AUTH_DESKTOP_LIVE_FIREBASE_API_KEY"
  static let projectVariable = "AUTH_DESKTOP_LIVE_FIREBASE_PROJECT_ID"

  static var settings: FirebaseSettings? {
    let environment = ProcessInfo.processInfo.environment
    guard let key = environment[apiKeyVariable], !key.isEmpty, let project = environment[projectVariable],
      !project.isEmpty
    else { return nil }
    let host = environment[FirebaseSettings.emulatorHostVariable].flatMap { $0.isEmpty ? nil : $0 }
    return FirebaseSettings(apiKey: key, projectID: project, emulatorHost: host)
  }

  static let skipReason: Comment = """
    Live Firebase contract test skipped: set \(apiKeyVariable) and \(projectVariable) (and \
    \(FirebaseSettings.emulatorHostVariable) for a firebase-tools emulator) to run it against a project.
    """
}
