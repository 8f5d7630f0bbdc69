import Foundation
import GRDB

/// The app's own ID tokens for the signed-in user (ES256, 1 hour), refreshed within 5 minutes of expiry.
extension Auth {
  static let idTokenRefreshMargin: TimeInterval = 300

  func getIDToken(uid: String, forceRefresh: Bool) async throws -> IDToken {
    let session = try await requireSession(of: uid)
    guard try await environment.secrets.load(SecretKey(namespace: Self.sessionNamespace, id: session.id)) != nil else {
      throw AuthError(.userTokenExpired, origin: .storage, detail: "the session's refresh token is gone")
    }
    if !forceRefresh, let cached = cachedIDToken, cached.sessionID == session.id,
      cached.expiresAt > now + Self.idTokenRefreshMargin
    {
      return cached.token
    }
    let claims = try await read { db -> IDTokenClaims in
      guard let user = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      var identities = Dictionary(grouping: try Accounts.identities(db, uid: uid), by: \.providerID)
        .mapValues { $0.map(\.federatedID) }
      if let email = user.email { identities["email"] = [email] }
      return IDTokenClaims(
        uid: uid, authTime: session.authTime, email: user.email, emailVerified: user.emailVerified,
        displayName: user.displayName, photoURL: user.photoURL, signInProvider: session.signInProvider,
        identities: identities)
    }
    let token = try await tokens.mint(claims)
    cachedIDToken = (session.id, token, IDTokenIssuer.expiry(of: token) ?? now)
    return token
  }
}
