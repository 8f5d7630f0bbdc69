import Foundation

/// The provider rows a configuration is read against. `builtIn` is the app's; an app or a test may read a
/// configuration against a table with more rows (`ConfigurationLoader.parse(_:source:providers:)`).
public struct ProviderTable: Sendable {
  public var rows: [ProviderDescriptor]

  public init(_ rows: [ProviderDescriptor]) { self.rows = rows }

  public static let builtIn = ProviderTable([.github, .twitterOAuth1, .twitterOAuth2, .openIDConnect])

  /// The rows of `providerID`, its default flow first; empty when the table does not know it.
  public func rows(for providerID: String) -> [ProviderDescriptor] { rows.filter { $0.id.matches(providerID) } }

  /// The row of `providerID` for `flow`, or its default row when `flow` is nil.
  public func row(for providerID: String, flow: ProviderProtocol? = nil) -> ProviderDescriptor? {
    rows(for: providerID).first { flow == nil || $0.flow == flow }
  }

  public func contains(_ providerID: String) -> Bool { rows.contains { $0.id.matches(providerID) } }

  /// The display order of `providerID`; unknown ids come last.
  public func order(of providerID: String) -> Int { row(for: providerID)?.order ?? Int.max }

  /// What the user reads for `providerID`; nil when the table does not know it.
  public func displayName(for providerID: String) -> String? { row(for: providerID)?.displayName(for: providerID) }

  /// The ids the table accepts, as the configuration's messages list them:
  /// `"github.com", "twitter.com" or "oidc.NAME"`.
  public var describedIDs: String { Self.quotedList(idTemplates) }

  /// The ids the table accepts, once each: `github.com`, `twitter.com`, `oidc.NAME`.
  public var idTemplates: [String] {
    var templates: [String] = []
    for row in rows where !templates.contains(row.id.template) { templates.append(row.id.template) }
    return templates
  }

  /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
  static func quotedList(_ words: [String]) -> String {
    let quoted = words.map { "\"\($0)\"" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
  }
}

/// Provider id rules, from `ProviderTable.builtIn`.
public enum ProviderID {
  /// `oidc.` followed by a name of letters, digits, `-`, `_` or `.`.
  public static func isOIDC(_ id: String) -> Bool { ProviderDescriptor.openIDConnect.id.matches(id) }

  /// `github.com`, `twitter.com` or `oidc.NAME`.
  public static func isSupported(_ id: String) -> Bool { ProviderTable.builtIn.contains(id) }
}
