import GRDB

/// `v12-credential-revision`: `providerCredential.revision`, a random number every write of the
/// credential's secret replaces (`ProviderCredentials.record`, `ProviderCredentials.changed`), in
/// whichever process. A long-lived `Auth` keeps the credentials it read beside the revision they were
/// read at (`CredentialCache`) and reads the secret store again only when the row's revision differs.
/// Random rather than counted: a credential forgotten and stored again (unlink, then link) never comes
/// back with a revision it had. Rows of earlier versions read 0 until their next write.
enum CredentialRevisionSchema {
  static let name = "v12-credential-revision"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration(name) { db in
      try db.execute(sql: "ALTER TABLE providerCredential ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    }
  }
}
