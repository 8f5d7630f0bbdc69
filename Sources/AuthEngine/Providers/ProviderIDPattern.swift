import Foundation

/// Which provider ids a `ProviderDescriptor` row describes: one id, or a family of ids sharing a prefix
/// (Firebase names OpenID Connect providers `oidc.NAME`).
public enum ProviderIDPattern: Sendable, Equatable {
  /// Exactly this id (`github.com`).
  case exact(String)
  /// The prefix followed by a name of ASCII letters, digits, `-`, `_` or `.` (`oidc.` → `oidc.corp`).
  case prefix(String)

  public func matches(_ providerID: String) -> Bool {
    switch self {
    case .exact(let id): return providerID == id
    case .prefix(let prefix):
      guard providerID.hasPrefix(prefix), providerID.count > prefix.count else { return false }
      return providerID.dropFirst(prefix.count).allSatisfy {
        $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))
      }
    }
  }

  /// The part of `providerID` that names it within the family (`corp` for `oidc.corp`); the whole id
  /// for an exact pattern.
  public func name(of providerID: String) -> String {
    switch self {
    case .exact: providerID
    case .prefix(let prefix): String(providerID.dropFirst(prefix.count))
    }
  }

  /// How the configuration's messages spell it: `github.com`, `oidc.NAME`.
  public var template: String {
    switch self {
    case .exact(let id): id
    case .prefix(let prefix): prefix + "NAME"
    }
  }
}
