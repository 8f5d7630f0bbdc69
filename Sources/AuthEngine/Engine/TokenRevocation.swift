import Foundation

/// Revoking a provider grant where the provider offers it.
extension AuthorizationService {
  /// GitHub: `DELETE /applications/{client_id}/token` (Basic auth with the app's id and secret).
  /// OIDC: RFC 7009 at the discovered `revocation_endpoint`. X with OAuth 1.0a:
  /// `POST /1.1/oauth/invalidate_token`. Providers without revocation: nothing to do.
  public func revoke(_ credential: OAuthCredential) async throws {
    let provider = try ResolvedProvider(providerID: credential.providerID, configuration: configuration)
    guard let token = credential.accessToken else { return }
    switch provider.descriptor.profile {
    case .github:
      let client = try provider.clientCredentials(method: .clientSecretBasic)
      guard let secret = client.clientSecret else { return }  // revocation needs the client secret
      let url = try provider.endpoint(.apiBase)
        .appendingPathComponent("applications/\(client.clientID)/token")
      let basic = Data("\(client.clientID):\(secret.reveal())".utf8).base64EncodedString()
      let body = try JSONSerialization.data(withJSONObject: ["access_token": token.reveal()])
      let response = try await http.send(
        HTTPRequest(
          method: "DELETE", url: url,
          headers: [
            ("Authorization", "Basic \(basic)"), ("Accept", "application/vnd.github+json"),
            ("Content-Type", "application/json"),
          ],
          body: body))
      guard response.status == 204 || response.status == 404 else {
        try ProviderHTTP.requireSuccess(response, what: "GitHub token revocation")
        return
      }
    case .openIDConnect:
      let discovery = try await discover(provider)
      guard let endpoint = discovery.revocationEndpoint else { return }
      let client = try provider.clientCredentials(
        method: discovery.clientAuthentication(hasSecret: provider.settings.clientSecret != nil))
      for (value, hint) in [(credential.refreshToken?.reveal(), "refresh_token"), (token.reveal(), "access_token")] {
        guard let value else { continue }
        let response = try await TokenClient(http: http, endpoint: endpoint, client: client)
          .postForm(["token": value, "token_type_hint": hint])
        try ProviderHTTP.requireSuccess(response, what: "token revocation")
      }
    case .twitterV1:
      guard let secret = credential.secret else { return }
      let url = try provider.endpoint(.apiBase)
        .appendingPathComponent("1.1/oauth/invalidate_token")
      _ = try await oauth1Client(provider).signedPOST(
        url, token: token.reveal(), tokenSecret: secret, what: "invalidate_token")
    case .twitterV2:
      return
    }
  }
}
