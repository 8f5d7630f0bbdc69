import Foundation

/// An app's grant: the user allowed the app (`app`, its key: a Flatpak app ID, `snap.NAME`, or an
/// executable's path) to use one signed-in account's token for one provider, with these scopes. Kept in
/// `auth.sqlite` (`AppGrantsSchema`); signing the account out or deleting it drops its grants in the same
/// transaction (docs/dbus-interface.md, "What the consent protects").
public struct AppGrant: Sendable, Equatable, Codable {
  /// The app's key (`CallerIdentity.appKey` in the service).
  public var app: String
  /// The app's name as the user saw it when allowing.
  public var appName: String
  public var uid: String
  public var providerID: String
  /// What the user allowed, in the order asked (no duplicates).
  public var scopes: [String]
  public var grantedAt: Date
  /// When the app last got a token with it; nil until then.
  public var lastUsedAt: Date?

  public init(
    app: String, appName: String, uid: String, providerID: String, scopes: [String], grantedAt: Date,
    lastUsedAt: Date? = nil
  ) {
    self.app = app
    self.appName = appName
    self.uid = uid
    self.providerID = providerID
    self.scopes = Self.union(scopes, [])
    self.grantedAt = grantedAt
    self.lastUsedAt = lastUsedAt
  }

  /// `first`'s scopes, then `second`'s not among them, each once.
  public static func union(_ first: [String], _ second: [String]) -> [String] {
    var seen: Set<String> = []
    return (first + second).filter { seen.insert($0).inserted }
  }

  /// Whether a use at `date` shows as the stored `lastUsedAt` does: the same whole second (UTC), the
  /// finest "last used" any display gives (`auth-desktop apps` prints seconds, the window's Connected
  /// apps minutes). Such a use is not written (`Auth.noteAppGrantUsed`): a burst of token calls is one
  /// write, not one each.
  public func showsSameUse(at date: Date) -> Bool {
    guard let lastUsedAt else { return false }
    return lastUsedAt.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970.rounded(.down)
  }

  /// Whether the grant is the one for (`app`, `uid`, `providerID`): a grant's identity.
  func isFor(app: String, uid: String, providerID: String) -> Bool {
    self.app == app && self.uid == uid && self.providerID == providerID
  }
}

/// Where grants are kept: `SQLiteAppGrantStore` (`auth.sqlite`, what `Auth` uses) or
/// `InMemoryAppGrantStore` (tests). At most one grant per app, account and provider.
public protocol AppGrantStore: Sendable {
  /// Every grant, by app, then account, then provider.
  func all() async throws -> [AppGrant]
  /// Stores `grant`, replacing the one for the same app, account and provider. False (and nothing
  /// stored) when the store knows `grant.uid` is not signed in.
  func save(_ grant: AppGrant) async throws -> Bool
  /// Removes `app`'s grants (only on `uid`, and only for `providerID`, when given); returns them.
  func revoke(app: String, uid: String?, providerID: String?) async throws -> [AppGrant]
  /// Notes that `app` used its grant on `uid` for `providerID` at `date`.
  func noteUsed(app: String, uid: String, providerID: String, at date: Date) async throws
}

extension AppGrantStore {
  /// `app`'s grants.
  public func grants(forApp app: String) async throws -> [AppGrant] { try await all().filter { $0.app == app } }
}

/// Grants in memory (unit tests, previews). It has no sessions: `save` stores for any uid, and
/// `drop(uids:)` stands in for a sign-out.
public actor InMemoryAppGrantStore: AppGrantStore {
  private var grants: [AppGrant] = []

  public init(_ grants: [AppGrant] = []) { self.grants = grants }

  public func all() -> [AppGrant] {
    grants.sorted { ($0.app, $0.uid, $0.providerID) < ($1.app, $1.uid, $1.providerID) }
  }

  public func save(_ grant: AppGrant) -> Bool {
    grants.removeAll { $0.isFor(app: grant.app, uid: grant.uid, providerID: grant.providerID) }
    grants.append(grant)
    return true
  }

  public func revoke(app: String, uid: String?, providerID: String?) -> [AppGrant] {
    let removed = all().filter { AppGrantsSchema.matches($0, app: app, uid: uid, providerID: providerID) }
    grants.removeAll { AppGrantsSchema.matches($0, app: app, uid: uid, providerID: providerID) }
    return removed
  }

  public func noteUsed(app: String, uid: String, providerID: String, at date: Date) {
    for index in grants.indices where grants[index].isFor(app: app, uid: uid, providerID: providerID) {
      grants[index].lastUsedAt = date
    }
  }

  /// What a sign-out of `uids` does to the SQLite store's grants.
  public func drop(uids: [String]) { grants.removeAll { uids.contains($0.uid) } }
}

/// `auth/unknown-app`'s payload: the app named, and the apps that hold grants (their keys).
public struct AppSelectionProblem: Sendable, Equatable {
  public var name: String
  public var apps: [String]

  public init(name: String, apps: [String]) {
    self.name = name
    self.apps = apps
  }
}
