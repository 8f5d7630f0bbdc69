import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// Adding a provider is adding a row: a test-only row, read by the loader, ordered and resolved without
/// any other change.
@Suite struct AddedProviderRowTests {
  /// A GitLab-like provider whose user endpoint answers as GitHub's does.
  static let gitlab = ProviderDescriptor(
    id: .exact("gitlab.example"), displayName: "GitLab", flow: .oauth2, order: 1,
    configurationKeys: ConfigurationKeys(
      accepted: ["client_id", "client_secret", "redirect_uri", "scopes"], required: ["client_id"]),
    endpoints: [
      .authorization: URL(string: "https://gitlab.example/oauth/authorize")!,
      .token: URL(string: "https://gitlab.example/oauth/token")!, .apiBase: URL(string: "https://gitlab.example/api")!,
    ],
    defaultScopes: ["read_user"], profile: .github, clientAuthentication: .clientSecretPost)
  static let table = ProviderTable(ProviderTable.builtIn.rows + [gitlab])
  static let text = """
    [providers."twitter.com"]
    consumer_key = "k"
    consumer_secret = "s"

    [providers."gitlab.example"]
    client_id = "gitlab-app"

    [providers."github.com"]
    client_id = "github-app"
    """

  @Test func theLoaderReadsTheAddedRow() throws {
    let configuration = try ConfigurationLoader.parse(Self.text, providers: Self.table)
    #expect(configuration.providers["gitlab.example"]?.clientID == "gitlab-app")
    #expect(configuration.providers["gitlab.example"]?.flow == .oauth2)
    // Order 1, as X: by id within one order.
    #expect(configuration.providerIDs == ["github.com", "gitlab.example", "twitter.com"])
    #expect(Self.table.displayName(for: "gitlab.example") == "GitLab")
    // The engine resolves it from the configuration's table.
    let redirect = try configuration.redirectURI(for: "gitlab.example")
    #expect(redirect.absoluteString == "\(AppIdentity.tests.redirectScheme):/oauth2redirect/gitlab.example")
  }

  @Test func theAddedRowsKeysAreItsOwn() async {
    let text = "[providers.\"gitlab.example\"]\nclient_id = \"c\"\napi_base_url = \"https://gitlab.example/api\"\n"
    let error = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse(text, providers: Self.table)
    }
    #expect(error?.configurationIssue?.key == "api_base_url")
    #expect(error?.configurationIssue?.problem == .unknownKey(allowed: Self.gitlab.configurationKeys.accepted.sorted()))
    let missing = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse("[providers.\"gitlab.example\"]\nscopes = [\"a\"]\n", providers: Self.table)
    }
    #expect(missing?.configurationIssue?.key == "client_id")
    #expect(missing?.configurationIssue?.problem == .required)
  }

  @Test func withoutTheRowTheProviderIsUnknown() async {
    let error = await expectAuthError(.invalidConfiguration) { try ConfigurationLoader.parse(Self.text) }
    #expect(error?.configurationIssue?.problem == .unknownProvider(known: ["github.com", "twitter.com", "oidc.NAME"]))
    let listed = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse("[providers.\"gitlab.com\"]\nclient_id = \"c\"\n", providers: Self.table)
    }
    #expect(
      listed?.configurationIssue?.problem
        == .unknownProvider(known: ["github.com", "twitter.com", "oidc.NAME", "gitlab.example"]))
  }
}
