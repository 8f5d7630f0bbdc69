import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// A `ProviderEmulator` with in-memory identities and a manual clock, and an `AuthorizationService` that
/// reaches it in-process through `InMemoryHTTPTransport`; the tests play the browser.
struct EmulatorHarness {
  static let base = URL(string: "http://127.0.0.1:9399")!
  static let scheme = AppIdentity.tests.redirectScheme
  static let githubRedirect = "\(scheme):/oauth2redirect/github.com"
  static let twitterCallback = "\(scheme)://oauth1redirect/twitter.com"
  static let oidcRedirect = "\(scheme):/oauth2redirect/oidc.emulator"
  static let mona = "github:583231"
  /// RFC 7636 Appendix B's PKCE pair.
  static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
  static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

  let emulator: ProviderEmulator
  let identities: InMemoryEmulatorIdentityStore
  let clock: ManualClock
  let service: AuthorizationService

  /// `configuration`: the app's TOML (nil: the built-in configuration); the service uses it pointed at
  /// the emulator, unless `serviceConfiguration` replaces that (a client that differs from the emulator's).
  init(
    configuration text: String? = nil, serviceConfiguration: String? = nil,
    identities seeded: [EmulatorIdentity] = EmulatorIdentity.seeds, store: (any EmulatorIdentityStore)? = nil,
    deviceFlow: DeviceFlowSettings = DeviceFlowSettings()
  ) throws {
    let clock = ManualClock(Date())
    let app = try text.map { try ConfigurationLoader.parse($0) }
    let identities = InMemoryEmulatorIdentityStore(seeded)
    let emulator = ProviderEmulator(
      baseURL: Self.base, identity: .tests, configuration: app, identities: store ?? identities, clock: clock,
      deviceFlow: deviceFlow)
    let configuration =
      try serviceConfiguration.map { try ConfigurationLoader.parse($0) }
      ?? EmulatorSetup.configuration(app, pointingAt: Self.base, identity: .tests)
    service = AuthorizationService(
      configuration: configuration,
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { request in await emulator.handle(request) }, secrets: InMemorySecretStore(),
        pending: InMemoryPendingAuthorizationStore(), clock: clock))
    self.emulator = emulator
    self.identities = identities
    self.clock = clock
  }

  func get(_ url: URL, headers: [(name: String, value: String)] = []) async -> HTTPResponse {
    await emulator.handle(HTTPRequest(url: url, headers: headers))
  }

  func get(_ path: String, _ query: FormParameters = [:]) async -> HTTPResponse {
    await get(URL(string: Self.base.absoluteString + path)!.appendingQuery(query))
  }

  func post(_ path: String, _ form: FormParameters, headers: [(name: String, value: String)] = []) async
    -> HTTPResponse
  {
    await emulator.handle(
      HTTPRequest(
        method: "POST", url: URL(string: Self.base.absoluteString + path)!,
        headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: Data(form.encoded.utf8)))
  }

  /// The consent page the authorization URL shows.
  func consent(_ url: URL) async throws -> ConsentForm {
    let response = await get(url)
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    return try ConsentForm(response)
  }

  /// Submits one of the page's forms: `fields` plus the page's `request` and `consent_token`.
  func answer(_ page: ConsentForm, _ fields: FormParameters, consentToken: String? = nil) async -> HTTPResponse {
    var form: FormParameters = ["request": page.requestID, "consent_token": consentToken ?? page.consentToken]
    form.pairs += fields.pairs
    return await post("/consent", form)
  }

  /// begin → consent page → "Sign in as" `identity` → resume.
  func signIn(_ providerID: String, as identity: String) async throws -> ProviderSignInResult {
    let pending = try await service.begin(OAuthProvider(providerID: providerID))
    let page = try await consent(pending.authorizationURL)
    let redirect = try Self.location(await answer(page, ["action": "approve", "identity": identity]))
    return try await service.resume(with: redirect)
  }

  static func location(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    #expect(response.status == 302, "\(String(decoding: response.body, as: UTF8.self))", sourceLocation: sourceLocation)
    return try #require(response.header("location").flatMap(URL.init(string:)), sourceLocation: sourceLocation)
  }

  static func json(_ response: HTTPResponse) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
  }
}

/// What a test reads from the consent page's HTML.
struct ConsentForm {
  let html: String
  let requestID: String
  let consentToken: String
  /// The `identity` values of the "Sign in as" forms.
  let identities: [String]

  init(_ response: HTTPResponse) throws {
    html = String(decoding: response.body, as: UTF8.self)
    requestID = try #require(Self.values("request", in: html).first)
    consentToken = try #require(Self.values("consent_token", in: html).first)
    identities = Self.values("identity", in: html)
  }

  static func values(_ name: String, in html: String) -> [String] {
    let pattern = try! Regex("name=\"\(name)\" value=\"([^\"]*)\"")
    return html.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
  }
}
