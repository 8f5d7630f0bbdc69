import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

/// The rule that chooses a sign-in's redirect (docs/configuration.md, "Which redirect"), on its inputs
/// alone.
@Suite struct RedirectChoiceTests {
  typealias Situation = RedirectChoice.Situation

  static func situation(
    display: Bool = true, ssh: Bool = false, ours: Bool = true, bus: Bool = true, device: Bool = false,
    configured: RedirectMode? = nil, configuredDefault: RedirectMode = .scheme, flag: String? = nil
  ) -> Situation {
    Situation(
      hasDisplay: display, isSSHSession: ssh, schemeOpensThisBuild: ours, hasSessionBus: bus,
      providerHasDeviceGrant: device, configured: configured, configuredDefault: configuredDefault, flag: flag)
  }

  @Test(arguments: [
    // A display, the scheme opens this build: the custom scheme.
    (situation(ours: true), RedirectChoice(.scheme, .schemeOpensThisBuild)),
    (situation(ours: true, device: true), RedirectChoice(.scheme, .schemeOpensThisBuild)),
    // A display, the scheme not ours (another build, a portable copy, nothing): loopback.
    (situation(ours: false), RedirectChoice(.loopback, .schemeNotThisBuild)),
    (situation(ours: false, device: true), RedirectChoice(.loopback, .schemeNotThisBuild)),
    // The scheme opens this build, but no session bus for its handler to find this process on: loopback.
    (situation(ours: true, bus: false), RedirectChoice(.loopback, .noSessionBus)),
    // No display or SSH, with the device grant: the device grant.
    (situation(display: false, device: true), RedirectChoice(.device, .remoteSession)),
    (situation(ssh: true, device: true), RedirectChoice(.device, .remoteSession)),
    (situation(display: false, ssh: true, ours: false, device: true), RedirectChoice(.device, .remoteSession)),
    // Otherwise loopback, the link printed.
    (situation(display: false), RedirectChoice(.loopback, .remoteSessionWithoutDeviceGrant)),
    (situation(ssh: true, ours: true), RedirectChoice(.loopback, .remoteSessionWithoutDeviceGrant)),
  ])
  func theAutomaticChoice(situation: Situation, expected: RedirectChoice) {
    #expect(RedirectChoice.choose(situation) == expected)
  }

  @Test(arguments: [
    // An explicit `redirect` keeps its meaning, whatever the situation.
    (situation(ours: false, configured: .scheme), RedirectChoice(.scheme, .configured)),
    (situation(ours: true, configured: .loopback), RedirectChoice(.loopback, .configured)),
    (situation(display: false, device: true, configured: .loopback), RedirectChoice(.loopback, .configured)),
    (situation(ours: true, configured: .device), RedirectChoice(.device, .configured)),
    // So does a flag that implies one, before the configuration (the command line asks for this sign-in).
    (situation(ours: true, device: true, flag: "--device"), RedirectChoice(.device, .flag("--device"))),
    (
      situation(ours: true, device: true, configured: .scheme, flag: "--device"),
      RedirectChoice(.device, .flag("--device"))
    ),
    (
      situation(ours: true, configured: .loopback, flag: "--no-browser"),
      RedirectChoice(.loopback, .flag("--no-browser"))
    ),
    (
      situation(display: false, ours: false, device: true, flag: "--no-wait"),
      RedirectChoice(.scheme, .flag("--no-wait"))
    ),
    (situation(ours: false, flag: "--no-browser"), RedirectChoice(.scheme, .flag("--no-browser"))),
    (
      situation(ours: true, configuredDefault: .loopback, flag: "--no-browser"),
      RedirectChoice(.loopback, .flag("--no-browser"))
    ),
  ])
  func explicitConfigurationAndFlagsKeepTheirMeaning(situation: Situation, expected: RedirectChoice) {
    #expect(RedirectChoice.choose(situation) == expected)
  }

  @Test func theSituationComesFromTheEnvironmentAndTheConfiguration() throws {
    let configuration = try ConfigurationLoader.parse(
      """
      [providers."github.com"]
      client_id = "c"
      [providers."twitter.com"]
      consumer_key = "k"
      consumer_secret = "s"
      redirect = "loopback"
      [providers."oidc.corp"]
      client_id = "c"
      issuer = "https://id.example"
      redirect_uri = "http://127.0.0.1/oauth2redirect/oidc.corp"
      """)
    let github = RedirectChoice.situation(
      providerID: "github.com", configuration: configuration,
      environment: [
        "DISPLAY": ":5", "SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/b",
      ], registration: .thisApp)
    #expect(github == Self.situation(display: true, ssh: true, ours: true, device: true))
    let twitter = RedirectChoice.situation(
      providerID: "twitter.com", configuration: configuration, environment: [:], registration: .anotherCopy("/x"))
    #expect(
      twitter
        == Self.situation(
          display: false, ours: false, bus: false, device: false, configured: .loopback,
          configuredDefault: .loopback))
    let oidc = RedirectChoice.situation(
      providerID: "oidc.corp", configuration: configuration, environment: ["WAYLAND_DISPLAY": "wayland-0"],
      registration: .none)
    #expect(oidc == Self.situation(ours: false, bus: false, device: false, configuredDefault: .loopback))
  }

  @Test func aProviderHasTheDeviceGrantWhenItsRowOrItsConfigurationHasTheEndpoint() throws {
    var configuration = try ConfigurationLoader.parse(
      "[providers.\"github.com\"]\nclient_id = \"c\"\n[providers.\"oidc.corp\"]\nclient_id = \"c\"\n"
        + "issuer = \"https://id.example\"\n[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\n"
    )
    #expect(configuration.hasDeviceGrant("github.com"))
    #expect(!configuration.hasDeviceGrant("twitter.com"))
    #expect(!configuration.hasDeviceGrant("oidc.corp"))
    #expect(!configuration.hasDeviceGrant("oidc.unconfigured"))
    configuration.providers["oidc.corp"]?.endpoints[.deviceAuthorization] = URL(string: "https://id.example/device")
    #expect(configuration.hasDeviceGrant("oidc.corp"))
  }

  @Test func theExplanationSaysWhy() {
    let scheme = "dev.authdesktop.authdesktop"
    let notOurs = Self.situation(ours: false)
    #expect(
      RedirectChoice.choose(notOurs).explanation(
        scheme: scheme, registration: .anotherCopy("/opt/a/auth-desktop"),
        situation: notOurs)
        == "loopback: the desktop opens \(scheme): links with another copy of auth-desktop (/opt/a/auth-desktop), "
        + "not this auth-desktop")
    let ssh = Self.situation(ssh: true, device: true)
    #expect(
      RedirectChoice.choose(ssh).explanation(scheme: scheme, registration: .thisApp, situation: ssh)
        == "device: this is an SSH session, and the provider has the device grant")
  }
}
