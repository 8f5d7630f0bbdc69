import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// Resolving a provider ID against the configuration: the row it takes, the overrides it applies, and
/// the errors when it cannot (one behaviour per test).
@Suite struct ResolvedProviderTests {
  static let corp = "[providers.\"oidc.corp\"]\nissuer = \"https://id.corp.example\"\nclient_id = \"c\"\n"

  func resolve(_ providerID: String, _ toml: String) throws -> ResolvedProvider {
    try ResolvedProvider(providerID: providerID, configuration: ConfigurationLoader.parse(toml, source: "test.toml"))
  }

  @Test func gitHubTakesTheBuiltInEndpoints() throws {
    let github = try resolve("github.com", "[providers.\"github.com\"]\nclient_id = \"c\"\n")
    #expect(github.descriptor.flow == .oauth2)
    #expect(github.descriptor.endpoints[.authorization]?.absoluteString == "https://github.com/login/oauth/authorize")
    #expect(github.descriptor.endpoints[.token]?.absoluteString == "https://github.com/login/oauth/access_token")
    #expect(github.descriptor.endpoints[.apiBase]?.absoluteString == "https://api.github.com")
  }

  @Test func configuredEndpointsReplaceTheRows() throws {
    let github = try resolve(
      "github.com",
      """
      [providers."github.com"]
      client_id = "c"
      authorization_endpoint = "https://ghe.example/login/oauth/authorize"
      token_endpoint = "https://ghe.example/login/oauth/access_token"
      api_base_url = "https://ghe.example/api/v3"
      """)
    #expect(github.descriptor.endpoints[.authorization]?.absoluteString == "https://ghe.example/login/oauth/authorize")
    #expect(github.descriptor.endpoints[.token]?.absoluteString == "https://ghe.example/login/oauth/access_token")
    #expect(github.descriptor.endpoints[.apiBase]?.absoluteString == "https://ghe.example/api/v3")
  }

  @Test func anEndpointLeftOutKeepsTheRows() throws {
    let github = try resolve(
      "github.com", "[providers.\"github.com\"]\nclient_id = \"c\"\ntoken_endpoint = \"https://ghe.example/token\"\n")
    #expect(github.descriptor.endpoints[.authorization]?.absoluteString == "https://github.com/login/oauth/authorize")
  }

  @Test func twitterIsOAuth1ByDefault() throws {
    let twitter = try resolve(
      "twitter.com", "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\n")
    #expect(twitter.descriptor.flow == .oauth1)
    #expect(
      twitter.descriptor.endpoints[.requestToken]?.absoluteString == "https://api.twitter.com/oauth/request_token")
    #expect(twitter.descriptor.endpoints[.accessToken]?.absoluteString == "https://api.twitter.com/oauth/access_token")
  }

  @Test func twitterWithProtocolOAuth2TakesTheOAuth2Row() throws {
    let twitter = try resolve("twitter.com", "[providers.\"twitter.com\"]\nclient_id = \"k\"\nprotocol = \"oauth2\"\n")
    #expect(twitter.descriptor.flow == .oauth2)
    #expect(twitter.descriptor.endpoints[.token]?.absoluteString == "https://api.twitter.com/2/oauth2/token")
  }

  @Test func anOIDCNameTakesTheOpenIDConnectRow() throws {
    let oidc = try resolve(
      "oidc.corp", Self.corp)
    #expect(oidc.descriptor.flow == .oidc)
    #expect(oidc.descriptor.displayName == "OpenID Connect")
  }

  @Test func openIDConnectAlwaysAsksForOpenID() throws {
    let oidc = try resolve(
      "oidc.corp",
      "[providers.\"oidc.corp\"]\nissuer = \"https://id.corp.example\"\nclient_id = \"c\"\nscopes = [\"email\"]\n")
    #expect(oidc.scopes(adding: ["email", "profile"]) == ["openid", "email", "profile"])
  }

  @Test func anUnknownProviderIsInvalidProviderID() async {
    await expectAuthError(.invalidProviderID) {
      try resolve("facebook.com", "[providers.\"github.com\"]\nclient_id = \"c\"\n")
    }
  }

  @Test func aProviderWithoutItsTableIsOperationNotAllowed() async {
    let error = await expectAuthError(.operationNotAllowed) {
      try resolve("twitter.com", "[providers.\"github.com\"]\nclient_id = \"c\"\n")
    }
    #expect(error?.configurationIssue?.problem == .missingTable)
  }

  @Test func aPlainHTTPEndpointIsInsecureEndpoint() async throws {
    let oidc = try resolve("oidc.corp", Self.corp)
    let error = await expectAuthError(.insecureEndpoint) {
      try oidc.endpoint(URL(string: "http://id.corp.example/token"), "token_endpoint")
    }
    #expect(error?.detail?.contains("token_endpoint") == true)
  }

  @Test func aClientWithoutSecretAuthenticatesWithItsIDOnly() throws {
    let github = try resolve("github.com", "[providers.\"github.com\"]\nclient_id = \"c\"\n")
    #expect(try github.clientCredentials(method: .clientSecretPost).method == .none)
  }

  @Test func aMissingEndpointIsInvalidConfigurationNamingTheKey() async throws {
    let oidc = try resolve(
      "oidc.corp", Self.corp)
    let error = await expectAuthError(.invalidConfiguration) {
      try oidc.endpoint(.token)
    }
    #expect(error?.configurationIssue?.key == "token_endpoint")
  }
}
