import Foundation

/// Provider credentials in: sign in, link, reauthenticate (Firebase's `signIn(with:)`,
/// `User.link(with:)`, `User.reauthenticate(with:)`), and the redirect that ends a provider sign-in.
extension Auth {
  /// Completes the redirect and applies its intent: sign in, or link to / reauthenticate the current
  /// user. A `SignInSession` calls it for its own redirect; a process that receives a redirect nobody
  /// waits for (`auth-desktop URI`) calls it directly.
  public func completeRedirect(_ url: URL) async throws -> AuthDataResult {
    try await apply(try await authorization.resume(with: url))
  }

  /// Applies the result's intent; a link or reauthentication is for `accountUID` (the session's
  /// signed-in user), else the account the pending request stored (`result.account`), else the current
  /// user. A named account that was signed out since the sign-in began is `auth/account-signed-out`:
  /// nothing is linked to anyone else.
  func apply(_ result: ProviderSignInResult, accountUID: String? = nil) async throws -> AuthDataResult {
    guard result.intent != .signIn else { return try await signIn(with: result) }
    let target = accountUID ?? result.account
    if let target, try await backend.signedInAccount(uid: target) == nil {
      throw AuthError(.accountSignedOut, origin: .request, providerID: result.identity.providerID)
    }
    let uid = try await requireAccount(target).uid
    return result.intent == .link
      ? try await link(uid: uid, with: result) : try await reauthenticate(uid: uid, with: result)
  }

  /// Signs in with a provider result: the known identity's user, or a new user — unless the email
  /// belongs to another account (`auth/account-exists-with-different-credential`, with the credential
  /// kept for `linkPendingCredential()`).
  public func signIn(with result: ProviderSignInResult) async throws -> AuthDataResult {
    let signedIn = try await backend.signInWithIdp(IdPRequest(result: result, operation: .signIn))
    environment.logger.info(
      "signed in", metadata: ["provider": "\(result.identity.providerID)", "new": "\(signedIn.isNewUser)"])
    notify(signedIn.account)
    return dataResult(signedIn, result)
  }

  /// Links a provider account to `uid`, the signed-in user. `auth/provider-already-linked` is checked
  /// here, before the backend is asked, as the Firebase SDKs do.
  func link(uid: String, with result: ProviderSignInResult, pendingToken: PendingToken? = nil) async throws
    -> AuthDataResult
  {
    let account = try await requireAccount(uid)
    let providerID = result.identity.providerID
    guard !account.hasProvider(providerID) else {
      throw AuthError(.providerAlreadyLinked, origin: .request, providerID: providerID)
    }
    let linked = try await endingSessionOnRejection {
      try await backend.signInWithIdp(
        IdPRequest(result: result, operation: .link(uid: uid), pendingToken: pendingToken))
    }
    environment.logger.info("provider linked", metadata: ["provider": "\(providerID)"])
    await notifyCurrent()
    return dataResult(linked, result)
  }

  /// Proves again that the person at the keyboard is `uid` (for `delete()` and `updatePassword`): the
  /// credential must sign in to this account and no other (`auth/user-mismatch`), and never creates one.
  func reauthenticate(uid: String, with result: ProviderSignInResult) async throws -> AuthDataResult {
    _ = try await requireAccount(uid)
    let signedIn = try await backend.signInWithIdp(IdPRequest(result: result, operation: .reauthenticate(uid: uid)))
    guard signedIn.account.uid == uid else {
      throw AuthError(.userMismatch, origin: .request, providerID: result.identity.providerID)
    }
    return dataResult(signedIn, result)
  }

  /// After signing in with the existing account's method: links the credential that hit
  /// `account-exists-with-different-credential` to the current user, in one call (CLI `link-pending`).
  public func linkPendingCredential(uid: String? = nil) async throws -> AuthDataResult {
    let account = try await requireAccount(uid)
    guard let (id, blob) = try await pending.newest(for: account.emails) else {
      throw AuthError(.noPendingCredential, origin: .request)
    }
    let result = try await link(
      uid: account.uid, with: blob.result, pendingToken: blob.pendingToken.map(PendingToken.init))
    await pending.drop(id)
    return result
  }

  private func dataResult(_ signedIn: SignedIn, _ result: ProviderSignInResult) -> AuthDataResult {
    var info = result.additionalUserInfo
    info.isNewUser = signedIn.isNewUser
    return AuthDataResult(
      user: User(signedIn.account, auth: self), credential: result.credential, additionalUserInfo: info)
  }
}
