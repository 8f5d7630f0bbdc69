import AuthEngine
import Foundation
import TestSupport
import Testing

/// The engine speaks for whichever app links it: the identity in the configuration names the default
/// redirect scheme, the User-Agent sent to providers and the issuer and audience of local ID tokens.
@Suite struct AppIdentityInjectionTests {
  static let notes = AppIdentity(applicationID: "org.example.Notes", name: "notes", version: "3.1")
  static let text = """
    [providers."oidc.corp"]
    issuer = "https://id.example.test"
    client_id = "notes-desktop"
    """

  @Test func theDefaultRedirectSchemeIsTheApps() throws {
    let configuration = try ConfigurationLoader.parse(Self.text, identity: Self.notes)
    #expect(configuration.app.redirectScheme == "org.example.notes")
    #expect(
      try configuration.redirectURI(for: "oidc.corp").absoluteString == "org.example.notes:/oauth2redirect/oidc.corp")
  }

  @Test func providersSeeTheAppsUserAgent() async throws {
    let transport = InMemoryHTTPTransport { _ in InMemoryHTTPTransport.json([:], status: 500) }
    let service = AuthorizationService(
      configuration: try ConfigurationLoader.parse(Self.text, identity: Self.notes),
      environment: AuthEnvironment(
        transport: transport, secrets: InMemorySecretStore(), pending: InMemoryPendingAuthorizationStore()))
    _ = try? await service.begin(OAuthProvider(providerID: "oidc.corp"))
    let discovery = try #require(transport.requests.first)
    #expect(discovery.header("User-Agent") == "notes/3.1 (+org.example.Notes)")
  }

  @Test func localIDTokensNameTheApp() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    let auth = Auth(
      configuration: try ConfigurationLoader.parse("", identity: Self.notes),
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { _ in InMemoryHTTPTransport.json([:]) }, secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database)),
      database: database, passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
    let user = try await auth.createUser(email: "ada@example.com", password: Password("correct horse")).user
    let token = try await user.getIDToken()
    let payload = try #require(token.reveal().split(separator: ".").dropFirst().first)
    let claims = try #require(Base64URL.decode(payload).flatMap(JSONValue.parse))
    #expect(claims["iss"] == .string("https://org.example.Notes"))
    #expect(claims["aud"] == .string("org.example.Notes"))
  }
}
