import Foundation

/// The apps' grants: which app may use which signed-in account's token for which provider
/// (docs/dbus-interface.md, "Accounts1"). The session-bus service stores them on the user's Allow and
/// reads them at every call (no cache: a revoked grant fails the app's next call); `auth-desktop apps`
/// and the window's Connected apps list and revoke them.
extension Auth {
  /// Every grant, by app, then account, then provider.
  public func appGrants() async throws -> [AppGrant] { try await grants.all() }

  /// `app`'s grants (its key, `AppGrant.app`).
  public func appGrants(forApp app: String) async throws -> [AppGrant] { try await grants.grants(forApp: app) }

  /// Stores `grant` (replacing `grant.app`'s earlier one on that account and provider), for a signed-in
  /// account that has `grant.providerID` linked: `auth/no-current-user` when the account is not signed in
  /// (also when it is signed out meanwhile: the row is written only for an active session),
  /// `auth/no-such-provider` when the provider is not linked.
  public func grant(_ grant: AppGrant) async throws {
    let account = try await requireAccount(grant.uid)
    guard account.hasProvider(grant.providerID), grant.providerID != Accounts.password else {
      throw AuthError(.noSuchProvider, origin: .request, providerID: grant.providerID)
    }
    guard try await grants.save(grant) else { throw AuthError(.noCurrentUser, origin: .request) }
    environment.logger.info("app grant stored", metadata: ["provider": "\(grant.providerID)"])
  }

  /// Removes `app`'s grants (only on `uid`, and only for `providerID`, when given) and returns them.
  @discardableResult
  public func revokeAppGrants(app: String, uid: String? = nil, providerID: String? = nil) async throws -> [AppGrant] {
    let removed = try await grants.revoke(app: app, uid: uid, providerID: providerID)
    if !removed.isEmpty { environment.logger.info("app grants revoked", metadata: ["count": "\(removed.count)"]) }
    return removed
  }

  /// Removes the grants of the app `name` names (its key, or the name it was shown by, ignoring case),
  /// only those on `uid` when given; returns them. `auth/unknown-app` (with the apps that hold grants,
  /// `AppSelectionProblem`) when it names no app holding such a grant.
  @discardableResult
  public func revokeAppGrants(named name: String, uid: String? = nil) async throws -> [AppGrant] {
    let all = try await grants.all()
    let named = all.filter { $0.app == name || $0.appName.caseInsensitiveCompare(name) == .orderedSame }
    let matching = named.filter { uid == nil || $0.uid == uid }
    guard !matching.isEmpty else {
      var seen: Set<String> = []
      let apps = all.map(\.app).filter { seen.insert($0).inserted }
      throw AuthError(
        .unknownApp, origin: .request, payload: .appSelection(AppSelectionProblem(name: name, apps: apps)))
    }
    var removed: [AppGrant] = []
    for app in Set(matching.map(\.app)).sorted() {
      removed += try await revokeAppGrants(app: app, uid: uid)
    }
    return removed
  }

  /// Notes that `app` just used its grant on `uid` for `providerID` (the Connected apps' "last used"):
  /// a read, and a write only when the use shows differently from the one stored (`AppGrant.showsSameUse`).
  public func noteAppGrantUsed(app: String, uid: String, providerID: String) async throws {
    guard
      let grant = try await grants.grants(forApp: app).first(where: {
        $0.isFor(app: app, uid: uid, providerID: providerID)
      })
    else { return }
    try await noteAppGrantUsed(grant)
  }

  /// Notes that `grant`, as just read from the store, was used now: written only when that shows
  /// differently from its stored `lastUsedAt`, so that an app asking for tokens in a burst costs one
  /// SQLite write a second at most, not one per call (docs/dbus-interface.md, `GetAccessToken`).
  public func noteAppGrantUsed(_ grant: AppGrant) async throws {
    let now = self.now
    guard !grant.showsSameUse(at: now) else { return }
    try await grants.noteUsed(app: grant.app, uid: grant.uid, providerID: grant.providerID, at: now)
  }

  /// The scopes the stored credential of `uid` for `providerID` holds, read without refreshing it (nil
  /// when none is stored): whether an app's scopes need the provider's consent again.
  public func heldScopes(providerID: String, uid: String) async throws -> [String]? {
    try await vault.load(providerID: providerID, uid: uid)?.scopes
  }
}
