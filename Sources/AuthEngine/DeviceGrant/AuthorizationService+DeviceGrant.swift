import Foundation

/// RFC 8628, the device authorization grant: the provider leg of a sign-in whose user approves on
/// another device. The tokens end as a code-flow sign-in's do (`fetchIdentity`, then `Auth.apply`).
extension AuthorizationService {
  /// §3.1–§3.2: asks the provider's device authorization endpoint for a device code and a user code.
  /// `auth/operation-not-allowed` when the provider has no device grant (X; an OpenID provider whose
  /// discovery has no `device_authorization_endpoint`; a GitHub app without the device flow).
  func beginDeviceAuthorization(_ request: OAuthProvider, intent: SignInIntent) async throws -> DeviceGrant {
    try request.validate(against: configuration.providerTable)
    let provider = try ResolvedProvider(providerID: request.providerID, configuration: configuration)
    do {
      return try await beginDeviceAuthorization(provider, request: request, intent: intent)
    } catch let error as AuthError {
      throw error.completing(pendingID: nil, providerID: provider.providerID)
    }
  }

  private func beginDeviceAuthorization(_ provider: ResolvedProvider, request: OAuthProvider, intent: SignInIntent)
    async throws -> DeviceGrant
  {
    var discovery: DiscoveryDocument?
    var deviceEndpoint = provider.descriptor.endpoints[.deviceAuthorization]
    var tokenEndpoint = provider.descriptor.endpoints[.token]
    // §3.1: a public client sends its client_id; GitHub's device flow takes nothing else.
    var method = ClientAuthentication.none
    switch provider.descriptor.flow {
    case .oauth1:
      throw Self.noDeviceGrant(provider)
    case .oauth2:
      break
    case .oidc:
      let document = try await discover(provider)
      discovery = document
      deviceEndpoint = deviceEndpoint ?? document.deviceAuthorizationEndpoint
      tokenEndpoint = document.tokenEndpoint
      method = document.clientAuthentication(hasSecret: provider.settings.clientSecret != nil)
    }
    guard let deviceEndpoint else { throw Self.noDeviceGrant(provider) }
    let client = try provider.clientCredentials(method: method)
    let scopes = provider.scopes(adding: request.scopes)
    var form = FormParameters()
    form.append("scope", scopes.isEmpty ? nil : scopes.joined(separator: " "))
    for (name, value) in request.customParameters.sorted(by: { $0.key < $1.key }) { form.append(name, value) }
    let answer = try await TokenClient(
      http: http, endpoint: try provider.endpoint(deviceEndpoint, ProviderEndpoint.deviceAuthorization.rawValue),
      client: client
    ).postForm(form)
    let response = try DeviceAuthorizationResponse.interpret(answer)
    logger.info("device authorization started", metadata: ["provider": "\(provider.providerID)"])
    return DeviceGrant(
      provider: provider, intent: intent, discovery: discovery,
      tokens: TokenClient(http: http, endpoint: try provider.endpoint(tokenEndpoint, "token_endpoint"), client: client),
      scopes: scopes, deviceCode: response.deviceCode, prompt: response.prompt(receivedAt: environment.clock.now()),
      interval: response.interval)
  }

  /// §3.5's success: the provider credential and the user, read and checked as after a redirect (the
  /// ID token's signature, `iss`, `aud` and `exp`; the device grant has no nonce).
  func finishDeviceAuthorization(_ grant: DeviceGrant, tokens: TokenResponse) async throws -> ProviderSignInResult {
    let provider = grant.provider
    let credential = OAuthCredential(
      providerID: provider.providerID, accessToken: tokens.accessToken, idToken: tokens.idToken,
      refreshToken: tokens.refreshToken, expiresAt: tokens.expiresIn.map { environment.clock.now() + $0 },
      scopes: tokens.scope ?? grant.scopes, tokenType: tokens.tokenType)
    let (identity, profile) = try await fetchIdentity(
      provider, credential: credential, discovery: grant.discovery, clientID: grant.tokens.client.clientID, nonce: nil)
    logger.info("device authorization completed", metadata: ["provider": "\(provider.providerID)"])
    return ProviderSignInResult(
      credential: credential, identity: identity,
      additionalUserInfo: AdditionalUserInfo(
        providerID: provider.providerID, profile: profile, username: identity.username),
      intent: grant.intent)
  }

  static func noDeviceGrant(_ provider: ResolvedProvider) -> AuthError {
    AuthError(
      .operationNotAllowed, origin: .request, detail: "the provider has no device authorization endpoint",
      providerID: provider.providerID)
  }
}
