import Foundation
import GRDB

/// Anonymous accounts on this machine, and what only a Firebase project does: the local store has no
/// mail server and no backend signs tokens for it, so those operations say so plainly
/// (`auth/operation-not-allowed`, payload `.needsFirebase`).
extension LocalAccounts {
  /// Identity Toolkit's `signUp` without credentials: a new account with no email, password or provider,
  /// signed in. Linking a provider or a password later keeps its uid.
  func signUpAnonymously() async throws -> SignedIn {
    let uid = Base64URL.encode(environment.random.bytes(21))
    let session = newSession()
    let now = self.now
    let account = try await storage.withSecrets([session.journaled], store: { try await self.storeToken(session) }) {
      db -> (Account, removed: [JournaledSecret]) in
      let record = UserRecord(
        uid: uid, email: nil, emailVerified: false, displayName: nil, photoURL: nil, hasPassword: false,
        creationDate: now, lastSignInDate: now)
      try record.insert(db)
      let ended = try Self.activate(db, session, uid: uid, provider: Accounts.anonymous, at: now)
      return (try Self.snapshot(db, record), ended)
    }
    cachedIDToken = nil
    return SignedIn(account: account, isNewUser: true)
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
