import Foundation

/// RFC 6749 §6 refresh.
extension AuthorizationService {
  /// A fresh credential from the refresh token. The new refresh token replaces the old one when the
  /// provider rotates it. `invalid_grant` → `auth/user-token-expired` (sign in again); a transport failure
  /// stays `auth/network-request-failed` (try again).
  public func refresh(_ credential: OAuthCredential) async throws -> OAuthCredential {
    let provider = try ResolvedProvider(providerID: credential.providerID, configuration: configuration)
    guard provider.descriptor.flow != .oauth1 else { return credential }  // OAuth 1.0a tokens do not expire
    guard let refreshToken = credential.refreshToken else {
      throw AuthError(
        .userTokenExpired, origin: .request, detail: "no refresh token", providerID: credential.providerID)
    }
    var method = provider.descriptor.clientAuthentication
    var endpoint = provider.descriptor.endpoints[.token]
    if provider.descriptor.flow == .oidc {
      let discovery = try await discover(provider)
      method = discovery.clientAuthentication(hasSecret: provider.settings.clientSecret != nil)
      endpoint = discovery.tokenEndpoint
    }
    let client = TokenClient(
      http: http, endpoint: try provider.endpoint(endpoint, "token_endpoint"),
      client: try provider.clientCredentials(method: method))
    let tokens = try await client.refresh(refreshToken)
    var refreshed = credential
    refreshed.refused = false
    refreshed.accessToken = tokens.accessToken
    refreshed.refreshToken = tokens.refreshToken ?? refreshToken
    refreshed.expiresAt = tokens.expiresIn.map { environment.clock.now() + $0 }
    refreshed.scopes = tokens.scope ?? credential.scopes
    refreshed.tokenType = tokens.tokenType
    if let idToken = tokens.idToken {
      refreshed.idToken = try await validateRefreshedIDToken(idToken, previous: credential.idToken, provider: provider)
    }
    logger.info("token refreshed", metadata: ["provider": "\(credential.providerID)"])
    return refreshed
  }

  /// The stored credential of (`providerID`, `uid`), refreshed first when it expires within `margin`;
  /// the refreshed one is saved in one write before it is returned. The refresh holds the vault's
  /// refresh lock from a second read of the credential to its save: a caller that waited there for
  /// another's refresh finds the credential changed since its first read and takes it, so a rotated
  /// refresh token is spent once (docs/threat-model.md, T16).
  public func validCredential(
    providerID: String, uid: String, vault: CredentialVault, margin: TimeInterval = 300, refreshing: Bool = true
  ) async throws -> OAuthCredential {
    let credential = try await stored(providerID: providerID, uid: uid, vault: vault, forUse: true)
    guard isDue(credential, margin: margin) else { return credential }
    guard refreshing else {
      throw AuthError(.userTokenExpired, origin: .storage, detail: "due for a refresh", providerID: providerID)
    }
    return try await vault.whileRefreshing(providerID: providerID, uid: uid) {
      let current = try await stored(providerID: providerID, uid: uid, vault: vault)
      if !isDue(current, margin: margin) || (current.isAnotherIssue(than: credential) && !isDue(current, margin: 0)) {
        return current
      }
      let refreshed: OAuthCredential
      do {
        refreshed = try await refresh(current)
      } catch let error as AuthError where error.code == .userTokenExpired && current.refreshToken != nil {
        // The provider refused the refresh token (`invalid_grant`): it is dead, and is never sent again.
        var spent = current
        spent.refreshToken = nil
        try? await vault.save(spent, uid: uid)
        throw error
      }
      try await vault.save(refreshed, uid: uid)
      return refreshed
    }
  }

  /// The stored credential: `forUse`, through the vault's cache (`CredentialVault.loadForUse`); otherwise
  /// read from the secret store.
  private func stored(providerID: String, uid: String, vault: CredentialVault, forUse: Bool = false) async throws
    -> OAuthCredential
  {
    let credential =
      forUse
      ? try await vault.loadForUse(providerID: providerID, uid: uid)
      : try await vault.load(providerID: providerID, uid: uid)
    guard let credential else {
      throw AuthError(.userTokenExpired, origin: .storage, detail: "no stored credential", providerID: providerID)
    }
    return credential
  }

  /// Whether `credential` expires within `margin` (one without an expiry never does), or was refused.
  private func isDue(_ credential: OAuthCredential, margin: TimeInterval) -> Bool {
    credential.refused || credential.expiresAt.map { $0 <= environment.clock.now() + margin } ?? false
  }

  /// OIDC Core §12.2: a refreshed ID token is validated like the first one (without `nonce`), and its
  /// `iss` and `sub` must be those of the ID token it replaces.
  func validateRefreshedIDToken(_ token: IDToken, previous: IDToken?, provider: ResolvedProvider) async throws
    -> IDToken
  {
    let discovery = try await discover(provider)
    let validator = IDTokenValidator(
      issuer: discovery.issuer, clientID: try provider.clientCredentials(method: .none).clientID, jwks: jwks,
      jwksURI: discovery.jwksURI, clock: environment.clock)
    let claims = try await validator.validate(token, nonce: nil)
    if let previous, IDTokenValidator.unverifiedClaims(previous)?["sub"] != claims["sub"] {
      throw AuthError(.invalidIDToken, origin: .validation, detail: "the refreshed ID token names another subject")
    }
    return token
  }
}

extension OAuthCredential {
  /// Whether `self` holds other tokens than `earlier`, read from the same item before: a refresh
  /// stored in between.
  func isAnotherIssue(than earlier: OAuthCredential) -> Bool {
    func differ<Kind>(_ a: Secret<Kind>?, _ b: Secret<Kind>?) -> Bool {
      switch (a, b) {
      case (let a?, let b?): !a.constantTimeEquals(b)
      case (nil, nil): false
      default: true
      }
    }
    return expiresAt != earlier.expiresAt || differ(accessToken, earlier.accessToken)
      || differ(refreshToken, earlier.refreshToken)
  }
}
