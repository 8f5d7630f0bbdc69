import Foundation

/// The session and the account's end: ID tokens, provider tokens, unlink, sign-out, deletion.
extension Auth {
  /// The ID token of the signed-in `uid`: cached, refreshed within 5 minutes of expiry (or now, with
  /// `forceRefresh`). The local store's own, or Firebase's.
  func getIDToken(uid: String, forceRefresh: Bool) async throws -> IDToken {
    _ = try await requireAccount(uid)
    return try await endingSessionOnRejection { try await backend.idToken(uid: uid, forceRefresh: forceRefresh) }
  }

  /// The credential for `providerID` of the signed-in `uid` (the current user when nil), refreshed first
  /// when it expires within 5 minutes (CLI `token`). Provider credentials are kept on this machine,
  /// keyed by the user's uid. Without `refreshing`, a credential that would need a refresh throws
  /// `auth/user-token-expired` instead, and nothing but reads happens.
  public func providerCredential(providerID: String, uid: String? = nil, refreshing: Bool = true) async throws
    -> OAuthCredential
  {
    let account = try await requireAccount(uid)
    guard account.hasProvider(providerID), providerID != Accounts.password else {
      throw AuthError(.noSuchProvider, origin: .request, providerID: providerID)
    }
    return try await authorization.validCredential(
      providerID: providerID, uid: account.uid, vault: vault, refreshing: refreshing)
  }

  /// Unlinks a provider (or `password`) from `uid`. `auth/no-such-provider` and
  /// `auth/last-sign-in-method` are checked here, before the backend is asked.
  func unlink(uid: String, providerID: String) async throws -> User {
    let account = try await requireAccount(uid)
    guard account.hasProvider(providerID) else {
      throw AuthError(.noSuchProvider, origin: .request, providerID: providerID)
    }
    guard account.providerData.count > 1 else {
      throw AuthError(.lastSignInMethod, origin: .request, providerID: providerID)
    }
    let after = try await endingSessionOnRejection { try await backend.update(uid: uid, .deleteProvider(providerID)) }
    environment.logger.info("provider unlinked", metadata: ["provider": "\(providerID)"])
    await notifyCurrent()
    return User(after, auth: self)
  }

  /// Signs the current user out (Firebase's `signOut()`): ends its session and keeps the account; the
  /// user current before it becomes current again, if still signed in. With `revokeProviderTokens`,
  /// the provider grants are revoked too (where the provider offers it) and their tokens forgotten.
  public func signOut(revokeProviderTokens: Bool = false) async throws {
    guard let current = try await backend.currentAccount() else { return }
    try await signOut(uid: current.uid, revokeProviderTokens: revokeProviderTokens)
  }

  /// Signs the signed-in `uid` out, current or not; every other user stays signed in. Signing out a
  /// user who is not signed in does nothing.
  public func signOut(uid: String, revokeProviderTokens: Bool = false) async throws {
    try await endSessions(of: [uid], revokeProviderTokens: revokeProviderTokens)
  }

  /// Signs every signed-in user out.
  public func signOutAll(revokeProviderTokens: Bool = false) async throws {
    let uids = try await backend.signedInAccounts().accounts.map(\.uid)
    try await endSessions(of: uids, revokeProviderTokens: revokeProviderTokens, all: true)
  }

  private func endSessions(of uids: [String], revokeProviderTokens: Bool, all: Bool = false) async throws {
    var credentials: [String: [OAuthCredential]] = [:]
    if revokeProviderTokens { for uid in uids { credentials[uid] = try await keptCredentials(of: uid) } }
    let ended = all ? try await backend.signOut(uid: nil) : try await backend.signOut(uid: uids[0])
    for uid in ended where revokeProviderTokens {
      await revoke(credentials[uid] ?? [])
      try await forgetCredentials(of: uid)
    }
    environment.logger.info("signed out", metadata: ["users": "\(ended.count)"])
    notify(try await backend.currentAccount())
  }

  /// Deletes the account (needs a recent sign-in) and every secret kept for it here. Provider grants
  /// are revoked afterwards (by default), with the tokens read before the deletion.
  func delete(uid: String, revokeProviderTokens: Bool) async throws {
    _ = try await requireAccount(uid)
    let credentials = revokeProviderTokens ? try await keptCredentials(of: uid) : []
    try await endingSessionOnRejection { try await backend.delete(uid: uid) }
    await revoke(credentials)
    environment.logger.info("account deleted")
    notify(try await backend.currentAccount())
  }

  /// The stored provider credentials of `uid`.
  func keptCredentials(of uid: String) async throws -> [OAuthCredential] {
    let kept = try await storage.read { db in try ProviderCredentials.providers(db, uid: uid) }
    var credentials: [OAuthCredential] = []
    for providerID in kept {
      if let credential = try? await vault.load(providerID: providerID, uid: uid) {
        credentials.append(credential)
      }
    }
    return credentials
  }

  /// Revokes each provider grant, best effort: a provider that is down must not block a sign-out or
  /// a deletion.
  func revoke(_ credentials: [OAuthCredential]) async {
    for credential in credentials {
      do {
        try await authorization.revoke(credential)
      } catch {
        environment.logger.notice(
          "provider token revocation failed", metadata: ["provider": "\(credential.providerID)"])
      }
    }
  }

  /// Deletes the provider credentials kept for `uid` (the providers stay linked).
  func forgetCredentials(of uid: String) async throws {
    try await storage.withSecrets([], store: {}) { db -> ((), removed: [JournaledSecret]) in
      ((), try ProviderCredentials.forgetAll(db, uid: uid))
    }
  }

  /// Runs a token operation; when the account server says the session is over (the user was disabled
  /// or deleted, or the token revoked), the backend has ended it, and the change is announced.
  func endingSessionOnRejection<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as AuthError where error.endsTheSession {
      notify(try? await backend.currentAccount())
      throw error
    }
  }
}

extension AuthError {
  /// Whether the account server's answer means the session is over: `auth/user-disabled`,
  /// `auth/user-token-expired`, or an account that no longer exists.
  var endsTheSession: Bool {
    origin == .accountServer && [.userDisabled, .userTokenExpired, .userNotFound].contains(code)
  }
}
