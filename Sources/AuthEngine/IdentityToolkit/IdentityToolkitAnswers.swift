import Foundation

/// A Firebase session's tokens as kept in the secret store (`firebase-session/<id>`): the refresh
/// token, the cached ID token and when it expires. Prints `[redacted]`.
struct SessionTokens: Codable, Sendable, CustomStringConvertible {
  private var id: String
  private var refresh: String
  var expiresAt: Date

  var idToken: IDToken { IDToken(id) }
  var refreshToken: RefreshToken { RefreshToken(refresh) }
  var description: String { "SessionTokens([redacted], expiresAt: \(expiresAt))" }

  /// From a sign-in answer (`idToken`, `refreshToken`, `expiresIn`: seconds as a string) or a Secure
  /// Token answer (`id_token`, `refresh_token`, `expires_in`); nil when it carries none. A lifetime out
  /// of range (`ServerNumber.lifetime`) is `auth/invalid-provider-response`.
  init?(_ answer: JSONValue, now: Date) throws(AuthError) {
    guard let id = answer["idToken"]?.string ?? answer["id_token"]?.string,
      let refresh = answer["refreshToken"]?.string ?? answer["refresh_token"]?.string
    else { return nil }
    let seconds =
      try ServerNumber.read(
        answer["expiresIn"] ?? answer["expires_in"], "expiresIn", within: ServerNumber.lifetime, origin: .accountServer)
      ?? 3600
    (self.id, self.refresh, expiresAt) = (id, refresh, now + seconds)
  }

  static func required(_ answer: JSONValue, now: Date, of operation: String) throws -> SessionTokens {
    guard let tokens = try SessionTokens(answer, now: now) else {
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, detail: "\(operation) answered without tokens")
    }
    return tokens
  }

  func stored() throws -> StoredSecret { StoredSecret(String(decoding: try JSONEncoder().encode(self), as: UTF8.self)) }

  init(_ secret: StoredSecret) throws {
    self = try JSONDecoder().decode(SessionTokens.self, from: Data(secret.reveal().utf8))
  }
}

extension Account {
  /// `accounts:lookup`'s `users[0]`: `providerUserInfo` in the server's order (providers as linked,
  /// then `password`), each with its `rawId` as `uid`.
  init(lookup answer: JSONValue) throws {
    guard let user = answer["users"]?.array?.first, let uid = user["localId"]?.string else {
      throw AuthError(.invalidProviderResponse, origin: .accountServer, detail: "lookup answered without a user")
    }
    let infos = (user["providerUserInfo"]?.array ?? []).compactMap { info -> UserInfo? in
      guard let provider = info["providerId"]?.string, let raw = info["rawId"]?.string ?? info["federatedId"]?.string
      else { return nil }
      return UserInfo(
        providerID: provider, uid: raw, email: info["email"]?.string, displayName: info["displayName"]?.string,
        photoURL: info["photoUrl"]?.string, screenName: info["screenName"]?.string)
    }
    func date(_ key: String) throws(AuthError) -> Date {
      let millis = try ServerNumber.read(user[key], key, within: ServerNumber.milliseconds, origin: .accountServer)
      return Date(timeIntervalSince1970: (millis ?? 0) / 1000)
    }
    self.init(
      uid: uid, email: user["email"]?.string, emailVerified: user["emailVerified"]?.bool ?? false,
      displayName: user["displayName"]?.string, photoURL: user["photoUrl"]?.string, providerData: infos,
      metadata: UserMetadata(creationDate: try date("createdAt"), lastSignInDate: try date("lastLoginAt")))
  }
}
