import AuthEngine
import Foundation
import TestSupport
import Testing

/// RFC 8252 §7.3 loopback redirect, with the in-memory listener standing in for the shell's SoupServer.
@Suite struct LoopbackFlowTests {
  @Test func loopbackSignInUsesTheBoundPort() async throws {
    let listener = InMemoryRedirectListener()
    let bound = try await listener.bind(path: "/oauth2redirect/github.com")
    let github = try await Fixtures.github(
      ["redirect_uris": [bound.redirectURI.absoluteString]], extraConfiguration: "redirect = \"loopback\"")
    let harness = try Harness(configuration: github.configuration)
    let configured = try await harness.service.redirectURI(for: "github.com")
    #expect(configured.mode == .loopback && configured.uri.path == "/oauth2redirect/github.com")
    let pending = try await harness.service.begin(
      OAuthProvider(providerID: "github.com"), loopbackRedirectURI: bound.redirectURI)
    #expect(FormParameters.query(of: pending.authorizationURL)?["redirect_uri"] == bound.redirectURI.absoluteString)
    let location = try await Browser.follow(pending.authorizationURL)
    #expect(await listener.deliver(location))
    let result = try await harness.service.resume(with: try await bound.redirect())
    await bound.close()
    #expect(result.identity.uid == "1001")
  }

  @Test func loopbackProviderRefusesToStartWithoutABoundListener() async throws {
    let github = try await Fixtures.github(extraConfiguration: "redirect = \"loopback\"")
    let harness = try Harness(configuration: github.configuration)
    await expectAuthError(.invalidConfiguration) {
      try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    }
    await expectAuthError(.invalidConfiguration) {
      try await harness.service.begin(
        OAuthProvider(providerID: "github.com"),
        loopbackRedirectURI: URL(string: "http://10.0.0.1:5000/oauth2redirect/github.com")!)
    }
  }

  /// Without `redirect` the shell chooses per sign-in: a bound listener makes it loopback, none the
  /// custom scheme; a configured `redirect_uri` is used only by a choice of its kind.
  @Test func withoutARedirectKeyTheShellChooses() async throws {
    let listener = InMemoryRedirectListener()
    let bound = try await listener.bind(path: "/oauth2redirect/github.com")
    let github = try await Fixtures.github(extraConfiguration: "redirect_uri = \"\(GitHubTestClient.schemeRedirect)x\"")
    let harness = try Harness(configuration: github.configuration)
    let loopback = try await harness.service.begin(
      OAuthProvider(providerID: "github.com"), loopbackRedirectURI: bound.redirectURI)
    #expect(FormParameters.query(of: loopback.authorizationURL)?["redirect_uri"] == bound.redirectURI.absoluteString)
    let scheme = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    #expect(FormParameters.query(of: scheme.authorizationURL)?["redirect_uri"] == GitHubTestClient.schemeRedirect + "x")
    await bound.close()
  }

  @Test func redirectOnAnotherPortIsAMismatch() async throws {
    let listener = InMemoryRedirectListener()
    let bound = try await listener.bind(path: "/oauth2redirect/github.com")
    let github = try await Fixtures.github(
      ["redirect_uris": [bound.redirectURI.absoluteString]], extraConfiguration: "redirect = \"loopback\"")
    let harness = try Harness(configuration: github.configuration)
    let pending = try await harness.service.begin(
      OAuthProvider(providerID: "github.com"), loopbackRedirectURI: bound.redirectURI)
    let location = try await Browser.follow(pending.authorizationURL)
    var moved = URLComponents(url: location, resolvingAgainstBaseURL: false)!
    moved.port = (moved.port ?? 0) + 1
    await expectAuthError(.redirectURIMismatch) { try await harness.service.resume(with: moved.url!) }
  }
}
