import Foundation
import GRDB
import TestSupport
import Testing

@testable import AuthEngine

/// `v6-one-shape`: a data dir written before it (OIDC identities as `iss|sub`, credentials keyed by
/// the provider's id, no `password` in `providerData`) opens in the shape Identity Toolkit gives.
@Suite struct OneShapeMigrationTests {
  @Test func aV5DataDirMovesToTheOneShape() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-v5-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path)
    try AuthDatabase.migrator.migrate(queue, upTo: "v5-redirect-receivers")
    let now = Date()
    let issuer = "https://login.example.com"
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO user (uid, email, emailVerified, hasPassword, creationDate, lastSignInDate)
          VALUES ('u1', 'ada@example.com', 1, 1, ?, ?)
          """, arguments: [now, now])
      for (provider, federated, at) in [("github.com", "1001", now), ("oidc.corp", "\(issuer)|auth0|42", now + 1)] {
        try db.execute(
          sql: "INSERT INTO identity (providerID, federatedID, uid, email, linkedAt) VALUES (?, ?, 'u1', ?, ?)",
          arguments: [provider, federated, "ada@example.com", at])
      }
      try db.execute(
        sql:
          "INSERT INTO session (id, uid, signInProvider, authTime, createdAt) VALUES ('s1', 'u1', 'github.com', ?, ?)",
        arguments: [now, now])
    }
    try queue.close()
    let secrets = InMemorySecretStore()
    for (provider, federated, token) in [("github.com", "1001", "gho_old"), ("oidc.corp", "\(issuer)|auth0|42", "at")] {
      let credential = OAuthCredential(providerID: provider, accessToken: AccessToken(token))
      try await CredentialVault(secrets: secrets).save(credential, uid: federated)
    }
    try await secrets.store(StoredSecret("refresh"), for: SecretKey(namespace: "session", id: "s1"), label: "s")

    let h = try AccountHarness(directory: directory, secrets: secrets)
    try await h.auth.recoverInterruptedOperations()
    let user = try #require(try await h.auth.currentUser())
    #expect(user.providerData.map(\.providerID) == ["github.com", "oidc.corp", "password"])
    #expect(user.providerData.map(\.uid) == ["1001", "auth0|42", "ada@example.com"])
    #expect(try await h.auth.providerCredential(providerID: "github.com").accessToken?.reveal() == "gho_old")
    #expect(try await h.auth.providerCredential(providerID: "oidc.corp").accessToken?.reveal() == "at")
    #expect(
      try await h.secretIDs(CredentialVault.namespace).sorted()
        == ["github.com", "oidc.corp"].map { CredentialVault.key(providerID: $0, uid: "u1").id }.sorted(),
      "the credentials under their old keys were not moved")
    #expect(try h.count("credentialMove") == 0)
    // The migrated OIDC identity still signs the same user in, now by its `sub`.
    try await h.auth.signOut()
    let again = try await h.auth.signIn(with: AccountHarness.result("oidc.corp", "auth0|42"))
    #expect(again.user.uid == "u1" && again.additionalUserInfo?.isNewUser == false)
  }
}
