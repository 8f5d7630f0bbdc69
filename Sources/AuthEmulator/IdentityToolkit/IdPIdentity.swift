import AuthEngine
import Foundation

/// Who an IdP credential belongs to, as the provider itself answered (never as the client claims).
struct IdPIdentity: Codable, Sendable {
  var providerId: String
  /// GitHub's numeric id, X's `id_str`, the OpenID `sub`.
  var rawId: String
  /// Lowercased.
  var email: String?
  var emailVerified = false
  var displayName: String?
  var photoUrl: String?
  var screenName: String?
  /// The provider's profile document as a JSON string (`rawUserInfo`).
  var rawUserInfo: String

  init(
    providerId: String, rawId: String, profile: [String: JSONValue], email: String?, emailVerified: Bool,
    displayName: String?, photoUrl: String? = nil, screenName: String? = nil
  ) {
    self.providerId = providerId
    self.rawId = rawId
    self.email = email.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    self.emailVerified = self.email != nil && emailVerified
    self.displayName = displayName
    self.photoUrl = photoUrl
    self.screenName = screenName
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    rawUserInfo = (try? encoder.encode(profile)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The `providerUserInfo[]` entry this identity links as.
  var providerUserInfo: ProviderUserInfo {
    ProviderUserInfo(
      providerId: providerId, rawId: rawId, federatedId: rawId, email: email, displayName: displayName,
      photoUrl: photoUrl, screenName: screenName)
  }
}

/// The provider's own tokens, echoed back as `oauthAccessToken` / `oauthTokenSecret` / `oauthIdToken`.
/// Held only for the request; never stored.
struct IdPCredential: Sendable {
  var accessToken: String?
  var tokenSecret: String?
  var idToken: String?
}
