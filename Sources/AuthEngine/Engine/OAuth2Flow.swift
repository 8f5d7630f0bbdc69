import Foundation

/// RFC 6749 authorization code flow with PKCE, and OpenID Connect on top of it.
extension AuthorizationService {
  func beginOAuth2(
    _ provider: ResolvedProvider, provider request: OAuthProvider, redirectURI: URL, intent: SignInIntent, now: Date
  )
    async throws -> (PendingAuthorizationRecord, PendingSecrets, URL)
  {
    let state = StateToken(environment.random.token(bytes: 32))
    let pkce = PKCE.generate(using: environment.random)
    let scopes = provider.scopes(adding: request.scopes)
    var rawNonce: Nonce?
    var issuer: String?
    var issuerParameterRequired = false
    let authorizationEndpoint: URL
    if provider.descriptor.flow == .oidc {
      let discovery = try await discover(provider)
      authorizationEndpoint = discovery.authorizationEndpoint
      rawNonce = Nonce(environment.random.token(bytes: 32))
      issuer = discovery.issuer
      issuerParameterRequired = discovery.issuerParameterSupported
    } else {
      authorizationEndpoint = try provider.endpoint(.authorization)
    }
    let authorization = AuthorizationRequest(
      authorizationEndpoint: authorizationEndpoint, clientID: try provider.clientCredentials(method: .none).clientID,
      redirectURI: redirectURI, scopes: scopes, state: state, codeChallenge: pkce.challenge,
      nonce: rawNonce.map(OIDCNonce.hashed),
      additionalParameters: request.customParameters)
    let record = PendingAuthorizationRecord(
      id: PendingAuthorizationRecord.id(forLookupValue: state.reveal()), providerID: provider.providerID,
      flow: provider.descriptor.flow.rawValue, intent: intent, redirectURI: redirectURI.absoluteString, issuer: issuer,
      issuerParameterRequired: issuerParameterRequired, scopes: scopes.joined(separator: " "), createdAt: now,
      expiresAt: now + environment.pendingLifetime)
    let secrets = PendingSecrets(codeVerifier: pkce.verifier.reveal(), nonce: rawNonce?.reveal())
    return (record, secrets, authorization.url)
  }

  func finishOAuth2(
    _ provider: ResolvedProvider, record: PendingAuthorizationRecord, secrets: PendingSecrets,
    parameters: FormParameters
  )
    async throws -> ProviderSignInResult
  {
    // RFC 9207 §2.4: check `iss` before anything else in the response, error responses included.
    if let issuer = record.issuer {
      let received = parameters["iss"]
      if (record.issuerParameterRequired || received != nil) && received != issuer {
        throw AuthError(
          .issuerMismatch, origin: .redirect, detail: received == nil ? "the response has no iss" : "iss differs")
      }
    }
    if let error = parameters["error"] {
      throw Self.redirectError(error, description: parameters["error_description"])
    }
    guard let code = parameters["code"], !code.isEmpty, let verifier = secrets.codeVerifier else {
      throw AuthError(.invalidProviderResponse, origin: .redirect, detail: "the redirect has no code")
    }
    var discovery: DiscoveryDocument?
    var method = provider.descriptor.clientAuthentication
    var tokenEndpoint = provider.descriptor.endpoints[.token]
    if provider.descriptor.flow == .oidc {
      let document = try await discover(provider)
      guard document.issuer == record.issuer else {
        throw AuthError(
          .issuerMismatch, origin: .validation, detail: "the provider's issuer changed during the sign-in")
      }
      discovery = document
      method = document.clientAuthentication(hasSecret: provider.settings.clientSecret != nil)
      tokenEndpoint = document.tokenEndpoint
    }
    let client = try provider.clientCredentials(method: method)
    let tokens = try await TokenClient(
      http: http, endpoint: try provider.endpoint(tokenEndpoint, "token_endpoint"), client: client
    )
    .exchange(code: AuthorizationCode(code), verifier: PKCECodeVerifier(verifier), redirectURI: record.redirectURI)
    let requested = record.scopes.split(separator: " ").map(String.init)
    var credential = OAuthCredential(
      providerID: provider.providerID, accessToken: tokens.accessToken, idToken: tokens.idToken,
      refreshToken: tokens.refreshToken, expiresAt: tokens.expiresIn.map { environment.clock.now() + $0 },
      scopes: tokens.scope ?? requested, tokenType: tokens.tokenType)
    if discovery != nil { credential.rawNonce = secrets.nonce.map(Nonce.init) }
    let (identity, profile) = try await fetchIdentity(
      provider, credential: credential, discovery: discovery, clientID: client.clientID,
      nonce: OIDCNonce.hashed(Nonce(secrets.nonce ?? "")))
    return ProviderSignInResult(
      credential: credential, identity: identity,
      additionalUserInfo: AdditionalUserInfo(
        providerID: provider.providerID, profile: profile, username: identity.username),
      intent: record.intent, account: record.account)
  }

  /// Verifies the ID token of an OpenID Connect sign-in (its `nonce` claim must be `nonce`, the hash of
  /// the sign-in's raw nonce, `OIDCNonce`; nil for the device grant, RFC 8628, which has none), then
  /// reads the user through the row's profile parser.
  func fetchIdentity(
    _ provider: ResolvedProvider, credential: OAuthCredential, discovery: DiscoveryDocument?, clientID: String,
    nonce: Nonce?
  )
    async throws -> (FederatedIdentity, [String: JSONValue])
  {
    guard let token = credential.accessToken else { throw AuthError(.internalError, origin: .validation) }
    var context = ProfileContext(provider: provider, accessToken: token, http: http, scopes: credential.scopes)
    if let discovery {
      guard let idToken = credential.idToken else {
        throw AuthError(.invalidIDToken, origin: .validation, detail: "the token response has no id_token")
      }
      let validator = IDTokenValidator(
        issuer: discovery.issuer, clientID: clientID, jwks: jwks, jwksURI: discovery.jwksURI, clock: environment.clock)
      context.idTokenClaims = try await validator.validate(idToken, nonce: nonce)
      context.discovery = discovery
    }
    return try await provider.descriptor.profile.parser.identity(context)
  }

  /// OIDC discovery, cached per issuer for the life of this service.
  func discover(_ provider: ResolvedProvider) async throws -> DiscoveryDocument {
    let issuer = try provider.endpoint(.issuer)
    if let cached = discoveries[issuer.absoluteString] { return cached }
    let document = try await DiscoveryDocument.fetch(issuer: issuer, http: http)
    discoveries[issuer.absoluteString] = document
    return document
  }

  /// RFC 6749 §4.1.2.1 error on the redirect.
  static func redirectError(_ error: String, description: String?) -> AuthError {
    let response = OAuthErrorResponse(error: error, errorDescription: description)
    let code: AuthErrorCode = error == "access_denied" ? .webContextCancelled : .providerError
    return AuthError(code, origin: .redirect, payload: .providerError(response))
  }
}
