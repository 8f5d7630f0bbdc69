import Foundation

@testable import AuthEngine

/// `config.toml` as a user (or a typo) may write it: the whole text through `ConfigurationLoader`,
/// TOML parsing included, with and without `$FIREBASE_AUTH_EMULATOR_HOST`; then the `[[accounts]]`
/// rules it holds, matched against a few working directories.
enum ConfigHarness {
  static func run(_ data: Data) {
    let input = FuzzInput(data, variants: 2)
    guard let text = String(data: input.body, encoding: .utf8) else { return }
    var environment = ["HOME": "/home/fuzz"]
    if input.variant == 1 { environment["FIREBASE_AUTH_EMULATOR_HOST"] = "127.0.0.1:9099" }
    guard
      let configuration = try? ConfigurationLoader.parse(
        text, source: "fuzz.toml", identity: FuzzFixtures.identity, environment: environment)
    else { return }
    // What the engine reads from a configuration that loaded: each provider resolves or fails cleanly.
    for id in configuration.providers.keys {
      guard let provider = try? ResolvedProvider(providerID: id, configuration: configuration) else { continue }
      _ = provider.configuredRedirectURI
      _ = try? provider.endpoint(.token)
    }
    for directory in ["/home/fuzz/work/oss/x", "/home/fuzz", "/"] {
      _ = AccountSelector.rule(for: directory, in: configuration.app.accountRules)
    }
  }
}
