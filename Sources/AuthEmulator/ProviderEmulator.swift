import AuthEngine
import Foundation

/// A GitHub-like OAuth 2.0 server, an X-like OAuth 1.0a server and an OpenID Connect provider in one
/// HTTP handler, for trying every sign-in flow offline (`auth-desktop emulator`). It checks what the real
/// servers check — client ids, exact redirect URIs, PKCE S256, OAuth 1.0a signatures, single-use codes,
/// nonces and verifiers — and shows a consent page where the user picks a test identity.
///
/// Paths (the built-in provider rows' `EmulatorPaths`, through `EmulatorRoutes`; `EmulatorSetup` points
/// configurations at them):
/// - `GET /.well-known/auth-desktop-emulator`: `{"emulator": "dev.authdesktop.AuthDesktop", "version": 1}`;
/// - `/github/login/oauth/authorize`, `/github/login/oauth/access_token`, `/github/api/user`,
///   `/github/api/user/emails`, `DELETE /github/api/applications/CLIENT_ID/token`, and the device flow
///   (RFC 8628): `POST /github/login/device/code` and the page `/github/login/device`;
/// - `/twitter/oauth/request_token`, `/twitter/oauth/authenticate` (or `authorize`),
///   `/twitter/oauth/access_token`, `/twitter/1.1/account/verify_credentials.json`,
///   `/twitter/1.1/oauth/invalidate_token`;
/// - under `/oidc` (ES256) and `/oidc/rs256` (RS256): `/.well-known/openid-configuration`, `/jwks`,
///   `/authorize`, `/token`, `/userinfo`, `/revoke`, `POST /device_authorization` and the page `/device`;
/// - `POST /consent`: the consent page's forms.
public actor ProviderEmulator {
  public static let defaultPort: UInt16 = 9399
  public static let identityDocumentPath = "/.well-known/auth-desktop-emulator"
  /// What `identityDocumentPath` answers, so an app can tell its emulator from another program: the
  /// application id of the app it was started for.
  public static func identityDocument(for identity: AppIdentity) -> [String: any Sendable] {
    ["emulator": identity.applicationID, "version": 1]
  }
  /// Authorization codes, consent pages and request tokens live this long (GitHub: codes 10 minutes).
  static let lifetime: TimeInterval = 600
  /// RFC 5849 §3.3: how far `oauth_timestamp` may be from the emulator's clock.
  static let timestampWindow: TimeInterval = 300

  public nonisolated let baseURL: URL
  public nonisolated let clients: [EmulatorClient]
  /// The app it emulates providers for.
  public nonisolated let identity: AppIdentity
  /// The device flow's interval and code lifetime (RFC 8628 §3.2).
  public nonisolated let deviceFlow: DeviceFlowSettings
  let identities: any EmulatorIdentityStore
  let clock: any AuthClock
  let random: any RandomSource
  let keys: EmulatorKeys

  var consents: [String: PendingConsent] = [:]
  var codes: [String: IssuedCode] = [:]
  /// Redeemed codes and the token each gave (RFC 6749 §4.1.2: a reused code revokes it).
  var usedCodes: [String: (token: String?, expiresAt: Date)] = [:]
  var tokens: [String: IssuedToken] = [:]
  var requestTokens: [String: RequestTokenRecord] = [:]
  var oauth1Tokens: [String: OAuth1AccessRecord] = [:]
  /// RFC 5849 §3.3: `consumer|timestamp|nonce` seen, kept until the timestamp leaves the window.
  var nonces: [String: Date] = [:]
  /// RFC 8628: device authorizations by device code, kept `lifetime` past their expiry.
  var devices: [String: DeviceAuthorization] = [:]
  /// The device code of each user code (`DeviceAuthorization.normalized`).
  var deviceCodes: [String: String] = [:]

  public init(
    baseURL: URL, identity: AppIdentity, clients: [EmulatorClient], identities: any EmulatorIdentityStore,
    clock: any AuthClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
    deviceFlow: DeviceFlowSettings = DeviceFlowSettings()
  ) {
    self.baseURL = baseURL
    self.identity = identity
    self.deviceFlow = deviceFlow
    self.clients = clients
    self.identities = identities
    self.clock = clock
    self.random = random
    keys = EmulatorKeys.shared
  }

  /// An emulator for `identity`'s app accepting the clients of `configuration` (nil: the built-in one)
  /// and the built-in ones.
  public init(
    baseURL: URL, identity: AppIdentity, configuration: AuthConfiguration?, identities: any EmulatorIdentityStore,
    clock: any AuthClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
    deviceFlow: DeviceFlowSettings = DeviceFlowSettings()
  ) {
    self.init(
      baseURL: baseURL, identity: identity, clients: EmulatorSetup.clients(for: configuration, identity: identity),
      identities: identities, clock: clock, random: random, deviceFlow: deviceFlow)
  }

  /// `baseURL` without a trailing slash.
  nonisolated var root: String { EmulatorSetup.trimmed(baseURL) }

  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    purgeExpired()
    // DNS rebinding: a page on another host name that resolves to 127.0.0.1 gets nothing.
    if let host = request.header("Host"), !Self.isLoopbackHost(host) {
      return EmulatorHTTP.text("Misdirected Request", status: 421)
    }
    let path = EmulatorHTTP.path(of: request)
    let method = request.method.uppercased()
    func only(_ allowed: String, _ body: () async -> HTTPResponse) async -> HTTPResponse {
      let accepted = allowed == "GET" ? ["GET", "HEAD"] : [allowed]
      return accepted.contains(method) ? await body() : EmulatorHTTP.methodNotAllowed(allowed)
    }
    switch path {
    case Self.identityDocumentPath: return await only("GET") { EmulatorHTTP.json(Self.identityDocument(for: identity)) }
    case "/": return await only("GET") { indexPage() }
    case "/consent": return await only("POST") { await answerConsent(request) }
    case EmulatorRoutes.githubAuthorize: return await only("GET") { await githubAuthorize(request) }
    case EmulatorRoutes.githubToken: return await only("POST") { githubToken(request) }
    case EmulatorRoutes.githubUser: return await only("GET") { githubUser(request) }
    case EmulatorRoutes.githubEmails: return await only("GET") { githubEmails(request) }
    case EmulatorRoutes.githubDeviceCode: return await only("POST") { githubDeviceCode(request) }
    case EmulatorRoutes.githubDevicePage: return await devicePageRoute(request, method: method, provider: .github)
    case EmulatorRoutes.twitterRequestToken: return await only("POST") { twitterRequestToken(request) }
    case EmulatorRoutes.twitterAuthenticate, EmulatorRoutes.twitterAuthorize:
      return await only("GET") { await twitterAuthenticate(request) }
    case EmulatorRoutes.twitterAccessToken: return await only("POST") { twitterAccessToken(request) }
    case EmulatorRoutes.twitterVerifyCredentials: return await only("GET") { twitterVerifyCredentials(request) }
    case EmulatorRoutes.twitterInvalidate: return await only("POST") { twitterInvalidate(request) }
    default:
      if let (issuer, rest) = OIDCIssuer.match(path) { return await oidc(issuer, rest, method: method, request) }
      if path.hasPrefix(EmulatorRoutes.githubApplications) && path.hasSuffix("/token") {
        return await only("DELETE") { githubRevoke(request, path: path) }
      }
      return EmulatorHTTP.json(["message": "Not Found"], status: 404)
    }
  }

  func client(_ provider: EmulatorIdentity.Provider, _ id: String?) -> EmulatorClient? {
    guard let id else { return nil }
    return clients.first { $0.provider == provider && $0.clientID == id }
  }

  func now() -> Date { clock.now() }

  func purgeExpired() {
    let now = now()
    consents = consents.filter { $0.value.expiresAt > now }
    codes = codes.filter { $0.value.expiresAt > now }
    usedCodes = usedCodes.filter { $0.value.expiresAt > now }
    tokens = tokens.filter { ($0.value.expiresAt ?? .distantFuture) > now }
    requestTokens = requestTokens.filter { $0.value.expiresAt > now }
    nonces = nonces.filter { $0.value > now }
    devices = devices.filter { $0.value.expiresAt + Self.lifetime > now }
    deviceCodes = deviceCodes.filter { devices[$0.value] != nil }
  }

  static func isLoopbackHost(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("[") {
      name = String(name.prefix { $0 != "]" }.dropFirst())
      return name == "::1"
    }
    if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
    return EndpointPolicy.isLoopback(URL(string: "http://\(name)/") ?? URL(string: "http://invalid/")!)
  }

  func indexPage() -> HTTPResponse {
    let rows = [
      ("GitHub authorization endpoint", EmulatorRoutes.githubAuthorize),
      ("GitHub token endpoint", EmulatorRoutes.githubToken), ("GitHub API base", EmulatorRoutes.githubAPI),
      ("GitHub device authorization endpoint", EmulatorRoutes.githubDeviceCode),
      ("GitHub device page", EmulatorRoutes.githubDevicePage),
      ("X request token endpoint", EmulatorRoutes.twitterRequestToken),
      ("X authorization endpoint", EmulatorRoutes.twitterAuthenticate),
      ("X access token endpoint", EmulatorRoutes.twitterAccessToken), ("X API base", EmulatorRoutes.twitterAPI),
      ("OpenID issuer (ES256)", OIDCIssuer.es256.path), ("OpenID issuer (RS256)", OIDCIssuer.rs256.path),
    ].map { "<li>\(ConsentPage.escape($0.0)): <code>\(ConsentPage.escape(root + $0.1))</code></li>" }.joined(
      separator: "\n")
    return EmulatorHTTP.html(
      ConsentPage.document(title: "AuthDesktop provider emulator", body: "<ul>\n\(rows)\n</ul>"))
  }
}
