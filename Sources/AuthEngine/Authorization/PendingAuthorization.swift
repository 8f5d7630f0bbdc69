import Foundation

/// A sign-in waiting for its redirect (AppAuth's pending authorization flow). The shell opens
/// `authorizationURL` and later hands the redirect to `AuthorizationService.resume(with:)`.
public struct PendingAuthorization: Sendable {
  /// Opaque id: the hex SHA-256 of the `state` (or of the OAuth 1.0a request token). Not a secret.
  public let id: String
  public let providerID: String
  /// What the sign-in is for.
  public let intent: SignInIntent
  /// Contains the `state`; give it only to the browser (or the user, as a "copy link" fallback).
  public let authorizationURL: URL
  public let redirectURI: URL
  public let expiresAt: Date
}

/// What is persisted of a pending authorization in the data dir. Nothing here is secret: the verifier,
/// nonce and request token secret live in the `SecretStore` under `SecretKey(namespace: "pending", id:)`.
public struct PendingAuthorizationRecord: Sendable, Codable, Equatable {
  public var id: String
  public var providerID: String
  public var flow: String
  public var intent: SignInIntent
  public var redirectURI: String
  /// OIDC issuer, remembered per request (RFC 9207 mix-up defence).
  public var issuer: String?
  /// Whether the issuer advertised `authorization_response_iss_parameter_supported`.
  public var issuerParameterRequired: Bool
  /// Space-separated requested scopes.
  public var scopes: String
  public var createdAt: Date
  public var expiresAt: Date
  /// Where the process waiting for this redirect can be reached (a D-Bus name; see
  /// `RedirectSource.scheme`); nil when nothing waits. Not a secret.
  public var receiver: String?
  /// The signed-in account (uid) a link or reauthentication is for; nil: the current user when the
  /// redirect is completed (and always for a sign-in). Not a secret (`PendingTargetSchema`).
  public var account: String?

  /// The key under which a pending request is found: hex SHA-256 of the `state` or request token.
  public static func id(forLookupValue value: String) -> String { Digests.sha256Hex(value) }

  /// The ids a redirect's parameters can name: its `state` (RFC 6749 §4.1.2), or its OAuth 1.0a
  /// `oauth_token` (RFC 5849 §2.2) — `denied` on X's refusal. Hashes: naming them reveals neither value.
  public static func ids(lookedUpBy parameters: FormParameters) -> Set<String> {
    Set(
      [parameters["state"], parameters["oauth_token"] ?? parameters["denied"]].compactMap { $0 }.map(
        id(forLookupValue:)))
  }
}

/// The secret half of a pending authorization, stored as one JSON item in the `SecretStore`.
struct PendingSecrets: Codable {
  var codeVerifier: String?
  var nonce: String?
  var requestToken: String?
  var requestTokenSecret: String?

  static let namespace = "pending"

  func stored() throws -> StoredSecret {
    StoredSecret(String(decoding: try JSONEncoder().encode(self), as: UTF8.self))
  }

  init(
    codeVerifier: String? = nil, nonce: String? = nil, requestToken: String? = nil,
    requestTokenSecret: String? = nil
  ) {
    self.codeVerifier = codeVerifier
    self.nonce = nonce
    self.requestToken = requestToken
    self.requestTokenSecret = requestTokenSecret
  }

  init(_ secret: StoredSecret) throws {
    self = try JSONDecoder().decode(PendingSecrets.self, from: Data(secret.reveal().utf8))
  }
}
