import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The built-in configuration and pointing a configuration at the emulator.
@Suite struct EmulatorSetupTests {
  let base = URL(string: "http://127.0.0.1:9400")!

  @Test func defaultConfigurationPassesTheLoader() throws {
    let configuration = EmulatorSetup.defaultConfiguration(identity: .tests)
    #expect(configuration.providerIDs == ["github.com", "twitter.com", "oidc.emulator"])
    #expect(configuration.app.secretStore == .secretService)
    #expect(configuration.app.redirectScheme == AppIdentity.tests.redirectScheme)
    #expect(configuration.providers["github.com"]?.clientID == "emulator-github")
    #expect(configuration.providers["twitter.com"]?.consumerKey == "emulator-twitter")
    #expect(configuration.providers["twitter.com"]?.consumerSecret?.reveal() == "emulator-twitter-secret")
    #expect(configuration.providers["oidc.emulator"]?.clientID == "emulator-oidc")
    // The text with a base URL parses too, to the same thing as pointing the default.
    let pointedText = try ConfigurationLoader.parse(EmulatorSetup.defaultConfigurationText(emulatorBaseURL: base))
    let pointed = EmulatorSetup.configuration(nil, pointingAt: base, identity: .tests)
    for id in pointed.providerIDs {
      #expect(pointedText.providers[id]?.endpoints[.authorization] == pointed.providers[id]?.endpoints[.authorization])
      #expect(pointedText.providers[id]?.endpoints[.issuer] == pointed.providers[id]?.endpoints[.issuer])
    }
  }

  @Test func appConfigurationKeepsItsClientsAndPointsAtTheEmulator() throws {
    let app = try ConfigurationLoader.parse(
      """
      [providers."github.com"]
      client_id = "real-id"
      client_secret = "real-secret"
      redirect = "loopback"
      scopes = ["read:user"]

      [providers."twitter.com"]
      protocol = "oauth2"
      client_id = "x-id"

      [providers."oidc.corp"]
      issuer = "https://login.corp.example/realms/staff"
      client_id = "corp-app"
      """)
    let pointed = EmulatorSetup.configuration(app, pointingAt: base, identity: .tests)
    let github = try #require(pointed.providers["github.com"])
    #expect(github.clientID == "real-id")
    #expect(github.clientSecret?.reveal() == "real-secret")
    #expect(github.scopes == ["read:user"])
    #expect(github.redirectMode == .loopback)
    #expect(github.endpoints[.authorization]?.absoluteString == "http://127.0.0.1:9400/github/login/oauth/authorize")
    #expect(github.endpoints[.token]?.absoluteString == "http://127.0.0.1:9400/github/login/oauth/access_token")
    #expect(github.endpoints[.apiBase]?.absoluteString == "http://127.0.0.1:9400/github/api")
    let twitter = try #require(pointed.providers["twitter.com"])
    #expect(twitter.flow == .oauth1)
    #expect(twitter.consumerKey == "emulator-twitter")
    #expect(twitter.endpoints[.requestToken]?.absoluteString == "http://127.0.0.1:9400/twitter/oauth/request_token")
    #expect(pointed.providers["oidc.corp"]?.endpoints[.issuer]?.absoluteString == "http://127.0.0.1:9400/oidc")
    let clients = EmulatorSetup.clients(for: app, identity: .tests)
    let githubClient = try #require(clients.first { $0.clientID == "real-id" })
    #expect(githubClient.accepts(redirectURI: "http://127.0.0.1:5555/oauth2redirect/github.com"))
    #expect(!githubClient.accepts(redirectURI: "http://127.0.0.1:5555/oauth2redirect/github.com/"))
    #expect(clients.contains { $0.clientID == "corp-app" && $0.provider == .oidc })
    #expect(clients.contains { $0.clientID == EmulatorSetup.githubClientID })  // the built-in ones too
    let twitterClient = try #require(clients.first { $0.provider == .twitter })
    #expect(twitterClient.accepts(redirectURI: "\(AppIdentity.tests.redirectScheme)://oauth1redirect/twitter.com"))
    // Without `redirect` a sign-in may choose either redirect (docs/configuration.md, "Which redirect"):
    // both are registered.
    #expect(twitterClient.accepts(redirectURI: "http://127.0.0.1:5555/oauth2redirect/twitter.com"))
    let oidcClient = try #require(clients.first { $0.clientID == "corp-app" })
    #expect(oidcClient.accepts(redirectURI: "\(AppIdentity.tests.redirectScheme):/oauth2redirect/oidc.corp"))
    #expect(oidcClient.accepts(redirectURI: "http://127.0.0.1:5555/oauth2redirect/oidc.corp"))
    // With `redirect = "loopback"` only the loopback one.
    #expect(!githubClient.accepts(redirectURI: "\(AppIdentity.tests.redirectScheme):/oauth2redirect/github.com"))
  }
}
