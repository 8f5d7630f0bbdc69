import Foundation

/// git's credential helper (`auth-desktop git-credential`): the chosen account's access token for a
/// host a provider serves (`GitHosts`), and git's word that a server refused it.
extension Auth {
  /// git's `get` for `providerID` and the signed-in account `uid`: its access token, refreshed first
  /// when it expires within 5 minutes or a server refused it (`markRefused`); nil when the account
  /// has no credential of that provider. `username` is the one git's URL named, else the account's
  /// login at that provider (`GitCredentialAnswer.username(for:providerID:)`).
  public func gitCredential(providerID: String, uid: String, username: String?) async throws -> GitCredentialAnswer? {
    let account = try await requireAccount(uid)
    guard account.hasProvider(providerID), providerID != Accounts.password else { return nil }
    let credential = try await authorization.validCredential(providerID: providerID, uid: uid, vault: vault)
    guard let token = credential.accessToken else { return nil }
    return GitCredentialAnswer(
      username: username ?? GitCredentialAnswer.username(for: account, providerID: providerID), password: token,
      expiresAt: credential.expiresAt)
  }

  /// git's `erase`: a server refused `password`. When it is the access token stored for
  /// (`providerID`, `uid`), the credential is marked so that its next use refreshes it; nothing is
  /// forgotten. Another token (already refreshed, or not ours) is left alone. Runs under the
  /// credential's refresh lock, so it never marks a token another process has just stored.
  @discardableResult
  public func markRefused(providerID: String, uid: String, password: GitPassword) async throws -> Bool {
    let vault = vault
    return try await vault.whileRefreshing(providerID: providerID, uid: uid) {
      guard var credential = try await vault.load(providerID: providerID, uid: uid),
        credential.accessToken?.constantTimeEquals(password.reveal()) == true, !credential.refused
      else { return false }
      credential.refused = true
      try await vault.save(credential, uid: uid)
      environment.logger.info("git: provider token marked refused", metadata: ["provider": "\(providerID)"])
      return true
    }
  }
}
