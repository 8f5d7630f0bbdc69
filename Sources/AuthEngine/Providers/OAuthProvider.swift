import Foundation

/// A sign-in request for one provider, as Firebase's `OAuthProvider`: which provider, extra scopes and
/// custom authorization parameters (`login`, `allow_signup`, `prompt`, `force_login`, …).
public struct OAuthProvider: Sendable {
  public let providerID: String
  /// Scopes added to the configured ones.
  public var scopes: [String] = []
  /// Extra authorization request parameters. Names the flow sets itself are refused when the sign-in
  /// starts (`auth/invalid-custom-parameter`).
  public var customParameters: [String: String] = [:]

  public init(providerID: String) { self.providerID = providerID }

  /// Parameters the engine owns (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1, RFC 5849).
  public static let reservedParameters: Set<String> = [
    "client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge",
    "code_challenge_method", "nonce",
  ]

  public static func isReserved(_ name: String) -> Bool {
    let name = name.lowercased()
    return reservedParameters.contains(name) || name.hasPrefix("code_challenge") || name.hasPrefix("oauth_")
  }

  /// Checks the provider id (one of `table`'s) and the custom parameters.
  public func validate(against table: ProviderTable = .builtIn) throws {
    guard table.contains(providerID) else {
      throw AuthError(.invalidProviderID, origin: .request, providerID: providerID)
    }
    if let reserved = customParameters.keys.sorted().first(where: Self.isReserved) {
      throw AuthError(
        .invalidCustomParameter, origin: .request, payload: .customParameter(.reserved(name: reserved)),
        providerID: providerID)
    }
    for scope in scopes where scope.isEmpty || scope.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) {
      throw AuthError(
        .invalidCustomParameter, origin: .request, payload: .customParameter(.invalidScope(scope)),
        providerID: providerID)
    }
  }
}
