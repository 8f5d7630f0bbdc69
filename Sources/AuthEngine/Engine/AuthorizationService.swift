import Foundation
import Logging

/// Turns "sign in with PROVIDER" into a verified provider credential (AppAuth-style): `begin` creates a
/// pending authorization whose URL the shell opens; `resume(with:)` completes it from the redirect.
///
/// Pending authorizations are persisted (`PendingAuthorizationStore` + `SecretStore`), so the process
/// that receives the redirect need not be the one that began the sign-in.
public actor AuthorizationService {
  public let configuration: AuthConfiguration
  let environment: AuthEnvironment
  let http: ProviderHTTP
  let jwks: JWKSCache
  var discoveries: [String: DiscoveryDocument] = [:]
  var logger: Logger { environment.logger }

  public init(configuration: AuthConfiguration, environment: AuthEnvironment) {
    self.configuration = configuration
    self.environment = environment
    http = ProviderHTTP(transport: environment.transport, userAgent: configuration.app.identity.userAgent)
    jwks = JWKSCache(http: http)
  }

  /// The redirect URI a provider is configured with. For loopback providers it has no port: bind a
  /// `RedirectListener` to its path and pass the bound URI (with its port) to `begin`. `.device`: the
  /// provider signs in with `Auth.startDeviceSignIn` by default; a browser sign-in uses the scheme.
  public func redirectURI(for providerID: String) throws -> (uri: URL, mode: RedirectMode) {
    let provider = try ResolvedProvider(providerID: providerID, configuration: configuration)
    return (provider.configuredRedirectURI, provider.settings.redirectMode)
  }

  /// The redirect URI a sign-in with `mode` uses (for loopback, without the port).
  public func redirectURI(for providerID: String, mode: RedirectMode) throws -> URL {
    try ResolvedProvider(providerID: providerID, configuration: configuration).redirectURI(for: mode)
  }

  /// Starts a sign-in. `loopbackRedirectURI` is the bound listener's URI (required for loopback
  /// providers, refused otherwise); `receiver` is stored with the request (`RedirectSource.scheme`), and
  /// so is `account`, the uid a link or reauthentication is for (nil: the current user).
  public func begin(
    _ provider: OAuthProvider, intent: SignInIntent = .signIn, loopbackRedirectURI: URL? = nil,
    receiver: String? = nil, account: String? = nil
  ) async throws -> PendingAuthorization {
    try provider.validate(against: configuration.providerTable)
    let resolved = try ResolvedProvider(providerID: provider.providerID, configuration: configuration)
    let redirectURI = try chooseRedirectURI(resolved, loopback: loopbackRedirectURI)
    await purgeExpired()
    let now = environment.clock.now()
    var (record, secrets, url): (PendingAuthorizationRecord, PendingSecrets, URL)
    switch resolved.descriptor.flow {
    case .oauth1:
      (record, secrets, url) = try await beginOAuth1(
        resolved, provider: provider, redirectURI: redirectURI, intent: intent, now: now)
    case .oauth2, .oidc:
      (record, secrets, url) = try await beginOAuth2(
        resolved, provider: provider, redirectURI: redirectURI, intent: intent, now: now)
    }
    record.receiver = receiver
    record.account = intent == .signIn ? nil : account
    // The secret half first: a record never exists without its secrets.
    let key = SecretKey(namespace: PendingSecrets.namespace, id: record.id)
    try await environment.secrets.store(
      try secrets.stored(), for: key, label: "AuthDesktop pending sign-in (\(record.providerID))")
    do {
      try await environment.pending.insert(record)
    } catch {
      try? await environment.secrets.delete(key)
      throw error
    }
    logger.info(
      "authorization started", metadata: ["provider": "\(record.providerID)", "pending": "\(record.id.prefix(12))"])
    return PendingAuthorization(
      id: record.id, providerID: record.providerID, intent: intent, authorizationURL: url, redirectURI: redirectURI,
      expiresAt: record.expiresAt)
  }

  /// Completes the pending authorization this redirect belongs to.
  ///
  /// - `auth/no-pending-authorization`: nothing is pending at all.
  /// - `auth/redirect-uri-mismatch`: the URL is not any pending request's redirect URI.
  /// - `auth/invalid-state`: unknown, expired or reused `state`; other pending requests stay pending.
  public func resume(with redirectURL: URL) async throws -> ProviderSignInResult {
    let (record, parameters) = try await claim(redirectURL)
    let key = SecretKey(namespace: PendingSecrets.namespace, id: record.id)
    let stored = try await Self.takeSecret(key, from: environment.secrets)
    guard let stored, let secrets = try? PendingSecrets(stored) else {
      throw AuthError(
        .storageFailure, origin: .storage, detail: "the pending sign-in's secrets are missing; start again")
    }
    let resolved = try ResolvedProvider(providerID: record.providerID, configuration: configuration)
    do {
      let result: ProviderSignInResult
      switch resolved.descriptor.flow {
      case .oauth1: result = try await finishOAuth1(resolved, record: record, secrets: secrets, parameters: parameters)
      case .oauth2, .oidc:
        result = try await finishOAuth2(resolved, record: record, secrets: secrets, parameters: parameters)
      }
      logger.info(
        "authorization completed", metadata: ["provider": "\(record.providerID)", "pending": "\(record.id.prefix(12))"])
      return result
    } catch let error as AuthError {
      logger.notice(
        "authorization failed", metadata: ["provider": "\(record.providerID)", "code": "\(error.code.rawValue)"])
      throw error.completing(pendingID: record.id, providerID: record.providerID)
    }
  }

  /// Loads and deletes a pending sign-in's secret in one step off the actor (one hop, not two).
  nonisolated static func takeSecret(_ key: SecretKey, from secrets: any SecretStore) async throws -> StoredSecret? {
    let stored = try await secrets.load(key)
    try? await secrets.delete(key)
    return stored
  }

  /// Abandons a pending authorization (the user pressed Cancel, or it timed out).
  public func cancel(pendingID: String) async {
    _ = try? await environment.pending.take(id: pendingID)
    try? await environment.secrets.delete(SecretKey(namespace: PendingSecrets.namespace, id: pendingID))
  }

  /// The pending authorization `redirectURL` is the redirect of (matching redirect URI and `state` or
  /// OAuth 1.0a token), without consuming it: who waits for it (`receiver`), and what it is for. Nil
  /// when it belongs to none.
  public func pendingAuthorization(for redirectURL: URL) async throws -> PendingAuthorizationRecord? {
    guard let parameters = FormParameters.query(of: redirectURL) else { return nil }
    let ids = PendingAuthorizationRecord.ids(lookedUpBy: parameters)
    return try await environment.pending.all().first {
      ids.contains($0.id) && URL(string: $0.redirectURI).map { RedirectMatching.matches(redirectURL, $0) } == true
    }
  }

  /// The pending authorizations that have not expired.
  public func pendingAuthorizations() async throws -> [PendingAuthorizationRecord] {
    let now = environment.clock.now()
    return try await environment.pending.all().filter { $0.expiresAt > now }
  }

  /// The redirect URI of this sign-in: loopback when the shell bound a listener, the custom scheme
  /// otherwise. A provider with `redirect` set takes only that one; without it the shell chooses.
  func chooseRedirectURI(_ provider: ResolvedProvider, loopback: URL?) throws -> URL {
    // `redirect = "device"` names no browser redirect: the shell chooses, as when it is unset.
    let configuredMode = provider.settings.redirect.flatMap { $0 == .device ? nil : $0 }
    let mode = configuredMode ?? (loopback == nil ? .scheme : .loopback)
    let configured = provider.redirectURI(for: mode)
    switch mode {
    case .scheme, .device:
      guard loopback == nil else {
        throw AuthError.configuration(
          provider.issue("redirect", .unusableRedirectMode(.scheme)), origin: .request,
          detail: "a loopback redirect URI for a custom-scheme provider", providerID: provider.providerID)
      }
      return configured
    case .loopback:
      guard let loopback, loopback.scheme == "http", EndpointPolicy.isLoopback(loopback), loopback.port != nil,
        loopback.path == configured.path
      else {
        throw AuthError.configuration(
          provider.issue("redirect", .unusableRedirectMode(.loopback)), origin: .request,
          detail: "a loopback sign-in needs a bound listener on \(configured.path)", providerID: provider.providerID)
      }
      return loopback
    }
  }

  /// Finds, checks and consumes (single use) the pending record a redirect belongs to.
  /// The records are read, matched and the match taken in one step of the store (one transaction).
  func claim(_ url: URL) async throws -> (PendingAuthorizationRecord, FormParameters) {
    let parameters = FormParameters.query(of: url)
    let claimed = try await environment.pending.take { records in
      guard !records.isEmpty else { throw AuthError(.noPendingAuthorization, origin: .redirect) }
      let candidates = records.filter { URL(string: $0.redirectURI).map { RedirectMatching.matches(url, $0) } ?? false }
      guard !candidates.isEmpty else { throw AuthError(.redirectURIMismatch, origin: .redirect) }
      guard let parameters else {
        throw AuthError(.invalidState, origin: .redirect, payload: .state(.malformedQuery))
      }
      for name in ["state", "code", "iss", "oauth_token", "oauth_verifier", "denied", "error"]
      where parameters.count(of: name) > 1 {
        throw AuthError(.invalidState, origin: .redirect, payload: .state(.repeatedParameter(name)))
      }
      let ids = PendingAuthorizationRecord.ids(lookedUpBy: parameters)
      guard let match = candidates.first(where: { ids.contains($0.id) }) else {
        throw AuthError(.invalidState, origin: .redirect, payload: .state(ids.isEmpty ? .missing : .unknown))
      }
      return match.id
    }
    guard let record = claimed, let parameters else {
      throw AuthError(.invalidState, origin: .redirect, payload: .state(.alreadyUsed))
    }
    guard record.expiresAt > environment.clock.now() else {
      try? await environment.secrets.delete(SecretKey(namespace: PendingSecrets.namespace, id: record.id))
      throw AuthError(.invalidState, origin: .redirect, payload: .state(.expired))
    }
    return (record, parameters)
  }

  func purgeExpired() async {
    let now = environment.clock.now()
    guard let records = try? await environment.pending.all() else { return }
    for record in records where record.expiresAt <= now { await cancel(pendingID: record.id) }
  }
}
