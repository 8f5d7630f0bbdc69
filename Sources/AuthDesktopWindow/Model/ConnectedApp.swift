import AuthEngine
import Foundation

/// One app's grant as the Connected apps page lists it (`Auth.appGrants()`): which app may use which
/// signed-in account's token for which provider, with what scopes, since when and when it last did.
struct ConnectedApp: Sendable, Equatable {
  /// The app's key (`AppGrant.app`: a Flatpak app ID, `snap.NAME` or an executable's path).
  var app: String
  var appName: String
  var uid: String
  /// How the account is named (its name, else its email, else its uid).
  var accountName: String
  var providerID: String
  var scopes: [String]
  var grantedAt: Date
  var lastUsedAt: Date?

  init(_ grant: AppGrant, accountName: String) {
    (app, appName, uid, providerID) = (grant.app, grant.appName, grant.uid, grant.providerID)
    (scopes, grantedAt, lastUsedAt) = (grant.scopes, grant.grantedAt, grant.lastUsedAt)
    self.accountName = accountName
  }
}
