import AuthEngine
import Foundation
import TestSupport
import Testing

/// The device grant's configuration: `device_authorization_endpoint` (GitHub's by default, an override
/// of discovery for OpenID Connect) and `redirect = "device"`.
@Suite struct DeviceConfigurationTests {
  @Test func redirectDeviceMakesTheDeviceGrantTheDefaultAndBrowserSignInsUseTheScheme() throws {
    let text = "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect = \"device\"\n"
    let configuration = try ConfigurationLoader.parse(text)
    #expect(configuration.providers["github.com"]?.redirectMode == .device)
    #expect(
      try configuration.redirectURI(for: "github.com").absoluteString
        == "\(configuration.app.redirectScheme):/oauth2redirect/github.com")
  }

  @Test func anOpenIDProviderAcceptsTheDeviceKeys() throws {
    let text = """
      [providers."oidc.corp"]
      issuer = "https://id.example"
      client_id = "c"
      redirect = "device"
      device_authorization_endpoint = "https://id.example/device/code"
      """
    let settings = try #require(try ConfigurationLoader.parse(text).providers["oidc.corp"])
    #expect(settings.redirectMode == .device)
    #expect(settings.endpoints[.deviceAuthorization]?.absoluteString == "https://id.example/device/code")
  }

  @Test func gitHubsDeviceEndpointIsGitHubsUnlessConfigured() throws {
    #expect(
      ProviderDescriptor.github.endpoints[.deviceAuthorization]?.absoluteString
        == "https://github.com/login/device/code")
    let text =
      "[providers.\"github.com\"]\nclient_id = \"c\"\ndevice_authorization_endpoint = \"https://ghe.example/login/device/code\"\n"
    let settings = try #require(try ConfigurationLoader.parse(text).providers["github.com"])
    #expect(settings.endpoints[.deviceAuthorization]?.absoluteString == "https://ghe.example/login/device/code")
  }

  @Test func theConfiguredEndpointIsTheOneAsked() async throws {
    let provider = try ScriptedDeviceProvider(polls: [])
    let session = try await provider.start()
    await session.cancel()
    #expect(provider.transport.requests.first?.url.absoluteString == "https://github.example/login/device/code")
  }
}
