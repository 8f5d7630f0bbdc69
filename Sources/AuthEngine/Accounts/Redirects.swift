import Foundation
import GRDB

/// A redirect, start to finish: the provider leg, then the account operation its intent names.
extension Auth {
  public enum Intent: String, Sendable {
    case signIn
    case link
    case reauthenticate
  }

  /// What became of a pending authorization (written by whichever process completed it).
  public struct Outcome: Sendable, Equatable {
    /// Nil when it succeeded.
    public var code: String?
    /// The failure's technical detail (`AuthError.detail`), for diagnostics; never for people.
    public var message: String?
    public var uid: String?
  }

  /// Completes the redirect and applies its intent to the account store: sign in, or link to /
  /// reauthenticate the current user. The outcome is recorded for a process that waits on it.
  public func completeRedirect(_ url: URL) async throws -> AuthDataResult {
    do {
      let result = try await providers.resume(with: url)
      let data: AuthDataResult
      do {
        data = try await apply(result)
      } catch let error as AuthError {
        throw error.completing(pendingID: result.pendingID, providerID: nil)
      }
      if let id = result.pendingID { await record(id, Outcome(code: nil, message: nil, uid: data.user.uid)) }
      return data
    } catch let error as AuthError {
      if let id = error.pendingID {
        await record(id, Outcome(code: error.code.rawValue, message: error.detail, uid: nil))
      }
      throw error
    }
  }

  func apply(_ result: ProviderSignInResult) async throws -> AuthDataResult {
    switch Intent(rawValue: result.intent) ?? .signIn {
    case .signIn:
      return try await signIn(with: result)
    case .link:
      guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
      return try await link(uid: user.uid, with: result)
    case .reauthenticate:
      guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
      return try await reauthenticate(uid: user.uid, with: result)
    }
  }

  func record(_ pendingID: String, _ outcome: Outcome) async {
    let now = self.now
    _ = try? await write { db in
      try db.execute(
        sql:
          "INSERT OR REPLACE INTO authorizationOutcome (pendingID, code, message, uid, createdAt) VALUES (?, ?, ?, ?, ?)",
        arguments: [pendingID, outcome.code, outcome.message, outcome.uid, now])
    }
  }

  /// The outcome of `pendingID` once some process has completed it; nil while it is still pending.
  public func outcome(of pendingID: String) async throws -> Outcome? {
    try await read { db in
      try Row.fetchOne(
        db, sql: "SELECT code, message, uid FROM authorizationOutcome WHERE pendingID = ?", arguments: [pendingID]
      )
      .map { Outcome(code: $0["code"], message: $0["message"], uid: $0["uid"]) }
    }
  }
}
