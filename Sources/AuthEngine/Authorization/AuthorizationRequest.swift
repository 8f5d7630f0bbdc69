import Foundation

/// RFC 6749 §4.1.1 authorization request, with RFC 7636 §4.3 PKCE and OIDC Core §3.1.2.1 `nonce`.
struct AuthorizationRequest: Sendable {
  var authorizationEndpoint: URL
  var clientID: String
  var redirectURI: URL
  var scopes: [String]
  var state: StateToken
  var codeChallenge: String
  var nonce: Nonce?
  /// Custom parameters, already checked against `OAuthProvider.reservedParameters`.
  var additionalParameters: [String: String]

  /// The URL the browser opens.
  var url: URL {
    var parameters = FormParameters()
    parameters.append("response_type", "code")
    parameters.append("client_id", clientID)
    parameters.append("redirect_uri", redirectURI.absoluteString)
    if !scopes.isEmpty { parameters.append("scope", scopes.joined(separator: " ")) }
    parameters.append("state", state.reveal())
    parameters.append("code_challenge", codeChallenge)
    parameters.append("code_challenge_method", PKCE.method)
    parameters.append("nonce", nonce?.reveal())
    for (name, value) in additionalParameters.sorted(by: { $0.key < $1.key }) { parameters.append(name, value) }
    return authorizationEndpoint.appendingQuery(parameters)
  }
}
