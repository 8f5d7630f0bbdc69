import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// Walks the provider rows' emulator paths: pointing a configuration at the emulator writes them, the
/// emulator answers at them, and a sign-in through them completes.
@Suite struct EmulatorPathsTests {
  static let base = EmulatorHarness.base
  /// The rows the emulator serves, each with the built-in configuration's provider id for it.
  static let emulated: [(providerID: String, flow: ProviderProtocol)] = EmulatorSetup.defaultConfiguration(
    identity: .tests
  )
  .providers.values.map { ($0.providerID, $0.flow) }.sorted { $0.providerID < $1.providerID }

  @Test func everyEmulatedRowIsInTheBuiltInConfiguration() {
    let rows = ProviderTable.builtIn.rows.filter { $0.emulator != nil }
    #expect(Self.emulated.count == rows.count)
    for row in rows {
      #expect(Self.emulated.contains { row.id.matches($0.providerID) && $0.flow == row.flow }, "\(row.id)")
    }
  }

  @Test(arguments: emulated.map(\.providerID))
  func pointingWritesTheRowsPaths(providerID: String) throws {
    let pointed = EmulatorSetup.configuration(nil, pointingAt: Self.base, identity: .tests)
    let settings = try #require(pointed.providers[providerID])
    let paths = try #require(ProviderTable.builtIn.row(for: providerID, flow: settings.flow)?.emulator)
    for (endpoint, path) in paths.ordered {
      #expect(settings.endpoints[endpoint]?.absoluteString == "\(Self.base.absoluteString)/\(path)")
    }
    // The text the emulator writes for the same base reads back to the same endpoints (those a
    // configuration key names: the device authorization endpoint has none yet).
    let text = try ConfigurationLoader.parse(EmulatorSetup.defaultConfigurationText(emulatorBaseURL: Self.base))
    let row = try #require(ProviderTable.builtIn.row(for: providerID, flow: settings.flow))
    for endpoint in ProviderEndpoint.allCases where row.configurationKeys.accepted.contains(endpoint.configurationKey) {
      #expect(text.providers[providerID]?.endpoints[endpoint] == settings.endpoints[endpoint])
    }
  }

  @Test(arguments: emulated.map(\.providerID))
  func theEmulatorAnswersAtEveryPath(providerID: String) async throws {
    let harness = try EmulatorHarness()
    let row = try #require(ProviderTable.builtIn.row(for: providerID))
    let paths = try #require(row.emulator)
    let unrouted = await harness.get("/no/such/path")
    for (endpoint, _) in paths.ordered {
      let route = try #require(paths.route(endpoint))
      let response: HTTPResponse
      switch endpoint {
      case .token, .requestToken, .accessToken, .deviceAuthorization: response = await harness.post(route, [:])
      case .issuer: response = await harness.get(route + "/.well-known/openid-configuration")
      case .apiBase: response = await harness.get(route + Self.profilePath[row.profile, default: ""])
      case .authorization: response = await harness.get(route)
      }
      // Any answer but the router's own "Not Found": a handler's refusal of the empty request is fine.
      #expect(response.status != unrouted.status || response.body != unrouted.body, "\(endpoint) at \(route)")
    }
  }

  /// Where each profile parser reads the user below the API base.
  static let profilePath: [ProfileSource: String] = [
    .github: "/user", .twitterV1: "/1.1/account/verify_credentials.json",
  ]

  @Test(arguments: emulated.map(\.providerID))
  func aSignInThroughThePathsCompletes(providerID: String) async throws {
    let harness = try EmulatorHarness()
    let mount = try #require(ProviderTable.builtIn.row(for: providerID)?.emulator?.mount)
    let identity = try #require(EmulatorIdentity.seeds.first { $0.provider.rawValue == mount })
    let result = try await harness.signIn(providerID, as: identity.key)
    #expect(result.identity.providerID == providerID)
    #expect(result.identity.uid.hasSuffix(identity.id))
  }

  @Test func aFlowTheEmulatorDoesNotSpeakBecomesOneItDoes() throws {
    for row in ProviderTable.builtIn.rows where row.emulator == nil {
      let text = ProviderRows.section(row, keys: row.configurationKeys.required)
      let pointed = EmulatorSetup.configuration(
        try ConfigurationLoader.parse(text), pointingAt: Self.base, identity: .tests)
      let settings = try #require(pointed.providers[ProviderRows.sampleID(row)])
      #expect(settings.flow != row.flow)
      #expect(ProviderTable.builtIn.row(for: settings.providerID, flow: settings.flow)?.emulator != nil)
    }
  }
}
