import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

/// The account layer with its secrets in a real gnome-keyring (`SecretServiceStore`): they are there
/// while the account is, never in SQLite, and gone with the account.
@Suite(.serialized, .enabled(if: !KeyringEnvironment.optedOut, Comment(rawValue: KeyringEnvironment.skipReason)))
struct AccountsOnTheKeyringTests {
  init() throws {
    TestEnvironment.prepare()
    try KeyringEnvironment.requireSessionBus()
  }

  @Test func signInIDTokenAndDeleteKeepSecretsInTheKeyringOnly() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-keyring-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    let store = SecretServiceStore(schemaName: AppIdentity.tests.applicationID)
    let environment = AuthEnvironment(
      transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 503) }, secrets: store,
      pending: SQLitePendingAuthorizationStore(database: database))
    let auth = Auth(
      configuration: AuthConfiguration(identity: .tests), environment: environment, database: database,
      passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
    let federatedID = "keyring-\(UUID().uuidString)"
    let accessToken = "gho_keyring_\(UUID().uuidString)"
    let result = ProviderSignInResult(
      credential: OAuthCredential(providerID: "github.com", accessToken: AccessToken(accessToken)),
      identity: FederatedIdentity(providerID: "github.com", uid: federatedID, email: "\(federatedID)@example.com"),
      additionalUserInfo: AdditionalUserInfo(providerID: "github.com", profile: [:], username: nil))
    let sessionsBefore = try await store.ids(in: "session")
    let user = try await auth.signIn(with: result).user
    _ = try await user.getIDToken()
    let credentialKey = CredentialVault.key(providerID: "github.com", uid: user.uid)
    #expect(try await store.ids(in: CredentialVault.namespace).contains(credentialKey.id))
    #expect(try await store.load(credentialKey)?.reveal().contains(accessToken) == true)
    #expect(try await store.ids(in: "session").count == sessionsBefore.count + 1)
    #expect(try await store.ids(in: "signing-key") == ["id-token-es256"])
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) ?? Data()
      #expect(data.range(of: Data(accessToken.utf8)) == nil, "the access token is in \(file)")
    }
    try await user.delete(revokeProviderTokens: false)
    #expect(try await !store.ids(in: CredentialVault.namespace).contains(credentialKey.id))
    #expect(try await store.ids(in: "session").count == sessionsBefore.count)
  }
}
