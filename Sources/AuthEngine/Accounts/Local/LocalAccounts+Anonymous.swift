import Foundation
import GRDB

/// Anonymous accounts on this machine, and what only a Firebase project does: the local store has no
/// mail server and no backend signs tokens for it, so those operations say so plainly
/// (`auth/operation-not-allowed`, payload `.needsFirebase`).
extension LocalAccounts {
  /// Identity Toolkit's `signUp` without credentials: a new account with no email, password or provider,
  /// signed in. Linking a provider or a password later keeps its uid.
  func signUpAnonymously() async throws -> SignedIn {
    let uid = environment.random.alphanumeric(28)
    let session = newSession()
    let now = self.now
    let account = try await storage.withSecrets([session.journaled], store: { try await self.storeToken(session) }) {
      db -> (Account, removed: [JournaledSecret]) in
      try Self.insertSignedIn(
        db, uid: uid, email: nil, hasPassword: false, session: session, provider: Accounts.anonymous, at: now)
    }
    cachedIDToken = nil
    return SignedIn(account: account, isNewUser: true)
  }

  /// Inside a write transaction: a new user (no profile yet) with `session` active for it. Returns its
  /// account and the ended sessions' secrets.
  static func insertSignedIn(
    _ db: Database, uid: String, email: String?, hasPassword: Bool, session: NewSession, provider: String,
    at now: Date
  ) throws -> (Account, removed: [JournaledSecret]) {
    let record = UserRecord(
      uid: uid, email: email, emailVerified: false, displayName: nil, photoURL: nil, hasPassword: hasPassword,
      creationDate: now, lastSignInDate: now)
    try record.insert(db)
    let ended = try activate(db, session, uid: uid, provider: provider, at: now)
    return (try snapshot(db, record), ended)
  }

  func signInWithCustomToken(_ token: CustomToken) async throws -> SignedIn {
    throw Self.needsFirebase(.customToken)
  }

  func sendOobCode(_ request: OobRequest) async throws { throw Self.needsFirebase(.email) }

  func resetPassword(code: ActionCode, newPassword: Password) async throws -> String {
    throw Self.needsFirebase(.email)
  }

  func applyEmailVerification(code: ActionCode) async throws -> Account? { throw Self.needsFirebase(.email) }

  static func needsFirebase(_ operation: FirebaseOnlyOperation) -> AuthError {
    AuthError(
      .operationNotAllowed, origin: .request, payload: .needsFirebase(operation),
      detail: "the local store does not do this; a Firebase project does")
  }
}
