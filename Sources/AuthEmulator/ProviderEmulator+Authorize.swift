import AuthEngine
import Foundation

/// The OAuth 2.0 authorization endpoint shared by the GitHub-like server and the OpenID provider.
extension ProviderEmulator {
  /// RFC 6749 §4.1.1 + RFC 7636 §4.3 (+ OIDC Core §3.1.2.1 for `issuer`). Until the client and its
  /// redirect URI are validated, errors are pages (§4.1.2.1: never redirect to an unchecked URI);
  /// afterwards they go back to the redirect URI.
  func authorize(_ request: HTTPRequest, provider: EmulatorIdentity.Provider, issuer: OIDCIssuer? = nil) async
    -> HTTPResponse
  {
    let query = EmulatorHTTP.query(of: request)
    guard let client = client(provider, EmulatorHTTP.single("client_id", in: query)) else {
      return EmulatorHTTP.errorPage(
        "Unknown application", "The client_id is missing, repeated or not registered at this emulator.", status: 404)
    }
    guard let redirectURI = EmulatorHTTP.single("redirect_uri", in: query), client.accepts(redirectURI: redirectURI)
    else {
      return EmulatorHTTP.errorPage(
        "Redirect URI mismatch",
        "The redirect_uri is missing or is not registered for this application (it must match exactly).")
    }
    let scopes = (EmulatorHTTP.single("scope", in: query) ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
      .map(String.init)
    var grant = OAuth2Grant(
      provider: provider, clientID: client.clientID, redirectURI: redirectURI, state: query["state"],
      codeChallenge: "", scopes: scopes, nonce: nil, issuer: issuer)
    for name in ["state", "response_type", "scope", "code_challenge", "code_challenge_method", "nonce"]
    where query.count(of: name) > 1 {
      grant.state = nil
      return redirectError(grant, "invalid_request", "The \(name) parameter is repeated.")
    }
    // GitHub has no response_type parameter and ignores it when absent; OpenID requires it.
    let responseType = query["response_type"]
    guard responseType == "code" || (responseType == nil && issuer == nil) else {
      return redirectError(grant, "unsupported_response_type", "Only response_type=code is supported.")
    }
    guard let challenge = query["code_challenge"] else {
      return redirectError(grant, "invalid_request", "PKCE is required: send code_challenge with S256.")
    }
    guard query["code_challenge_method"] == PKCE.method else {
      return redirectError(grant, "invalid_request", "code_challenge_method must be S256 (plain is not accepted).")
    }
    guard challenge.count == 43, Base64URL.decode(challenge)?.count == 32 else {
      return redirectError(grant, "invalid_request", "code_challenge is not a base64url SHA-256 value.")
    }
    grant.codeChallenge = challenge
    if issuer != nil {
      guard scopes.contains("openid") else {
        return redirectError(grant, "invalid_scope", "The openid scope is required.")
      }
      guard let nonce = query["nonce"], !nonce.isEmpty else {
        return redirectError(grant, "invalid_request", "A nonce is required.")
      }
      grant.nonce = nonce
    }
    return await showConsent(
      .oauth2(grant), provider: provider, clientID: client.clientID, redirectURI: redirectURI, scopes: scopes)
  }

  /// Redeems an authorization code (RFC 6749 §4.1.3, RFC 7636 §4.6) for an authenticated client. The
  /// code is burnt by any attempt; a second use also revokes the token the first one gave (§4.1.2).
  /// Returns the code's grant and identity, or the OAuth error name and description.
  func redeem(_ form: FormParameters, client: EmulatorClient, issuer: OIDCIssuer?) -> Result<
    IssuedCode, TokenRefusal
  > {
    guard let code = EmulatorHTTP.single("code", in: form) else {
      return .failure(
        TokenRefusal(OAuthErrorResponse(error: "invalid_request", errorDescription: "The code is missing.")))
    }
    guard let issued = codes.removeValue(forKey: code) else {
      if let used = usedCodes[code], let token = used.token { tokens[token] = nil }
      return .failure(TokenRefusal(badCode(issuer)))
    }
    usedCodes[code] = (nil, issued.expiresAt)
    guard issued.grant.clientID == client.clientID, issued.grant.provider == client.provider,
      issued.grant.issuer == issuer, issued.expiresAt > now()
    else { return .failure(TokenRefusal(badCode(issuer))) }
    guard EmulatorHTTP.single("redirect_uri", in: form) == issued.grant.redirectURI else {
      return .failure(
        TokenRefusal(
          issuer == nil
            ? OAuthErrorResponse(
              error: "redirect_uri_mismatch",
              errorDescription: "The redirect_uri MUST match the registered callback URL for this application.")
            : OAuthErrorResponse(
              error: "invalid_grant", errorDescription: "redirect_uri differs from the authorization request's.")))
    }
    guard let verifier = EmulatorHTTP.single("code_verifier", in: form), Self.isValidVerifier(verifier),
      EmulatorHTTP.constantTimeEquals(PKCE.challenge(for: PKCECodeVerifier(verifier)), issued.grant.codeChallenge)
    else {
      return .failure(
        TokenRefusal(
          OAuthErrorResponse(
            error: "invalid_grant", errorDescription: "The code_verifier does not match the challenge.")))
    }
    return .success(issued)
  }

  /// Remembers which token a code gave, so its reuse can revoke it.
  func recordToken(_ token: String, forCode code: String?) {
    guard let code, let used = usedCodes[code] else { return }
    usedCodes[code] = (token, used.expiresAt)
  }

  private func badCode(_ issuer: OIDCIssuer?) -> OAuthErrorResponse {
    issuer == nil
      ? OAuthErrorResponse(error: "bad_verification_code", errorDescription: "The code passed is incorrect or expired.")
      : OAuthErrorResponse(error: "invalid_grant", errorDescription: "The code is invalid, expired or already used.")
  }

  /// RFC 7636 §4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`.
  static func isValidVerifier(_ verifier: String) -> Bool {
    (43...128).contains(verifier.count)
      && verifier.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0))
      }
  }
}
