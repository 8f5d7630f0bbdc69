import Foundation

/// RFC 5849 redirection-based authorization (X / Twitter's classic sign-in).
extension AuthorizationService {
  func oauth1Client(_ provider: ResolvedProvider) throws -> OAuth1Client {
    guard let key = provider.settings.consumerKey else { throw provider.missing("consumer_key") }
    guard let secret = provider.settings.consumerSecret else { throw provider.missing("consumer_secret") }
    return OAuth1Client(
      http: http, signer: OAuth1Signer(consumerKey: key, consumerSecret: secret), clock: environment.clock,
      random: environment.random)
  }

  func beginOAuth1(
    _ provider: ResolvedProvider, provider request: OAuthProvider, redirectURI: URL, intent: SignInIntent, now: Date
  )
    async throws -> (PendingAuthorizationRecord, PendingSecrets, URL)
  {
    let client = try oauth1Client(provider)
    let temporary = try await client.requestToken(
      endpoint: try provider.endpoint(.requestToken),
      callback: redirectURI.absoluteString)
    var query = FormParameters()
    query.append("oauth_token", temporary.token)
    for (name, value) in request.customParameters.sorted(by: { $0.key < $1.key }) { query.append(name, value) }
    let url = try provider.endpoint(.authorization).appendingQuery(
      query)
    let record = PendingAuthorizationRecord(
      id: PendingAuthorizationRecord.id(forLookupValue: temporary.token), providerID: provider.providerID,
      flow: ProviderProtocol.oauth1.rawValue,
      intent: intent, redirectURI: redirectURI.absoluteString, issuer: nil, issuerParameterRequired: false, scopes: "",
      createdAt: now, expiresAt: now + environment.pendingLifetime)
    return (record, PendingSecrets(requestToken: temporary.token, requestTokenSecret: temporary.secret.reveal()), url)
  }

  func finishOAuth1(
    _ provider: ResolvedProvider, record: PendingAuthorizationRecord, secrets: PendingSecrets,
    parameters: FormParameters
  )
    async throws -> ProviderSignInResult
  {
    guard let requestToken = secrets.requestToken.map(RequestToken.init), let tokenSecret = secrets.requestTokenSecret
    else {
      throw AuthError(.storageFailure, origin: .storage, detail: "the pending sign-in's request token is missing")
    }
    if let denied = parameters["denied"] {
      guard requestToken.constantTimeEquals(denied) else {
        throw AuthError(.invalidState, origin: .redirect, payload: .state(.tokenMismatch))
      }
      throw AuthError(.webContextCancelled, origin: .redirect)
    }
    // §2.2: the callback's oauth_token must be the one this request obtained.
    guard let token = parameters["oauth_token"], requestToken.constantTimeEquals(token) else {
      throw AuthError(.invalidState, origin: .redirect, payload: .state(.tokenMismatch))
    }
    guard let verifier = parameters["oauth_verifier"], !verifier.isEmpty else {
      throw AuthError(.invalidProviderResponse, origin: .redirect, detail: "the callback has no oauth_verifier")
    }
    let client = try oauth1Client(provider)
    let access = try await client.accessToken(
      endpoint: try provider.endpoint(.accessToken),
      requestToken: token, requestTokenSecret: OAuthTokenSecret(tokenSecret), verifier: verifier)
    let context = ProfileContext(
      provider: provider, accessToken: AccessToken(access.token), http: http, oauth1: client,
      tokenSecret: access.secret)
    let (identity, profile) = try await provider.descriptor.profile.parser.identity(context)
    if let userID = access.fields["user_id"], userID != identity.uid {
      throw AuthError(
        .invalidProviderResponse, origin: .validation, detail: "verify_credentials names a different user")
    }
    let credential = OAuthCredential(
      providerID: provider.providerID, accessToken: AccessToken(access.token), secret: access.secret,
      tokenType: "oauth1")
    return ProviderSignInResult(
      credential: credential, identity: identity,
      additionalUserInfo: AdditionalUserInfo(
        providerID: provider.providerID, profile: profile, username: identity.username),
      intent: record.intent, account: record.account)
  }
}
