import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// A built-in provider row, named in test output by its ids and flow.
struct BuiltInRow: CustomTestStringConvertible, Sendable {
  let descriptor: ProviderDescriptor
  var testDescription: String { "\(descriptor.id.template) \(descriptor.flow.rawValue)" }
  static let all = ProviderTable.builtIn.rows.map(BuiltInRow.init)
}

/// Walks every row of `ProviderTable.builtIn`: what the loader, the window and the emulator read from it.
@Suite struct ProviderTableTests {
  @Test(arguments: BuiltInRow.all)
  func everyRowIsComplete(_ row: BuiltInRow) throws {
    let row = row.descriptor
    let id = ProviderRows.sampleID(row)
    #expect(!row.displayName.isEmpty)
    #expect(!row.displayName(for: id).isEmpty)
    #expect(ProviderTable.builtIn.row(for: id, flow: row.flow)?.profile == row.profile)
    #expect(Set(row.configurationKeys.required).isSubset(of: row.configurationKeys.accepted))
    #expect(row.configurationKeys.accepted.isSubset(of: ConfigurationLoader.providerKeys))
    #expect(!row.configurationKeys.accepted.contains("protocol"), "protocol belongs to providers with several rows")
    for sibling in ProviderTable.builtIn.rows(for: id) {
      #expect(sibling.order == row.order && sibling.displayName == row.displayName)
    }
    if let paths = row.emulator {
      #expect(!paths.endpoints.isEmpty)
      for (endpoint, path) in paths.ordered {
        #expect(path == paths.mount || path.hasPrefix(paths.mount + "/"), "\(path)")
        // Pointing a configuration at the emulator writes these keys: the loader must accept them.
        #expect(row.configurationKeys.accepted.contains(endpoint.configurationKey), "\(endpoint)")
      }
    }
  }

  @Test(arguments: BuiltInRow.all)
  func theLoaderReadsEveryAcceptedKey(_ row: BuiltInRow) throws {
    let row = row.descriptor
    let text = ProviderRows.section(row, keys: row.configurationKeys.accepted)
    let settings = try #require(try ConfigurationLoader.parse(text).providers[ProviderRows.sampleID(row)])
    #expect(settings.flow == row.flow)
    for endpoint in ProviderEndpoint.allCases where row.configurationKeys.accepted.contains(endpoint.configurationKey) {
      #expect(settings.endpoints[endpoint] != nil, "\(endpoint)")
    }
  }

  @Test(arguments: BuiltInRow.all)
  func theLoaderRequiresTheRowsRequiredKeys(_ row: BuiltInRow) async {
    let row = row.descriptor
    for key in row.configurationKeys.required {
      let text = ProviderRows.section(row, keys: row.configurationKeys.accepted.subtracting([key]))
      let error = await expectAuthError(.invalidConfiguration) { try ConfigurationLoader.parse(text) }
      #expect(error?.configurationIssue?.key == key)
      #expect(error?.configurationIssue?.problem == .required)
    }
  }

  @Test(arguments: BuiltInRow.all)
  func theLoaderRefusesKeysOutsideTheRow(_ row: BuiltInRow) async {
    let row = row.descriptor
    let siblings = ProviderTable.builtIn.rows(for: ProviderRows.sampleID(row))
    let provider = siblings.reduce(Set<String>()) { $0.union($1.configurationKeys.accepted) }
    for key in ConfigurationLoader.providerKeys.subtracting(row.configurationKeys.accepted) {
      if key == "protocol" && siblings.count > 1 { continue }
      let text = ProviderRows.section(row, keys: row.configurationKeys.required + [key])
      let error = await expectAuthError(.invalidConfiguration) { try ConfigurationLoader.parse(text) }
      #expect(error?.configurationIssue?.key == key)
      if provider.contains(key) {
        #expect(error?.configurationIssue?.problem == .onlyWithProtocol(Self.flowAccepting(key, in: siblings)))
      } else {
        #expect(
          error?.configurationIssue?.problem
            == .unknownKey(allowed: provider.union(siblings.count > 1 ? ["protocol"] : []).sorted()))
      }
    }
  }

  @Test func displayOrderIsTheRowsOrder() throws {
    let orders = ProviderTable.builtIn.rows.map(\.order)
    #expect(orders == orders.sorted(), "the table lists rows in display order")
    var text = ""
    for id in ["oidc.b", "twitter.com", "oidc.a", "github.com"] {
      let row = try #require(ProviderTable.builtIn.row(for: id))
      text +=
        ProviderRows.section(row, keys: row.configurationKeys.required)
        .replacingOccurrences(of: ProviderRows.sampleID(row), with: id) + "\n"
    }
    let configuration = try ConfigurationLoader.parse(text)
    #expect(configuration.providerIDs == ["github.com", "twitter.com", "oidc.a", "oidc.b"])
  }

  @Test(arguments: [
    ("github.com", true, false), ("twitter.com", true, false), ("oidc.corp", true, true), ("oidc.a-b_c.d", true, true),
    ("oidc.", false, false), ("oidc.a b", false, false), ("facebook.com", false, false), ("GitHub.com", false, false),
  ])
  func providerIDsComeFromTheTable(id: String, supported: Bool, oidc: Bool) {
    #expect(ProviderID.isSupported(id) == supported)
    #expect(ProviderID.isOIDC(id) == oidc)
  }

  @Test func displayNames() {
    #expect(ProviderTable.builtIn.displayName(for: "github.com") == "GitHub")
    #expect(ProviderTable.builtIn.displayName(for: "twitter.com") == "X (Twitter)")
    #expect(ProviderTable.builtIn.displayName(for: "oidc.Work") == "Work")
    #expect(ProviderTable.builtIn.displayName(for: "facebook.com") == nil)
  }

  /// The flow of the sibling row that accepts `key`.
  static func flowAccepting(_ key: String, in rows: [ProviderDescriptor]) -> String {
    rows.first { $0.configurationKeys.accepted.contains(key) }?.flow.rawValue ?? ""
  }
}
