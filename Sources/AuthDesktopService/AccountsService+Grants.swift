import AuthDesktopKit
import AuthEngine
import Foundation

/// `Accounts1`'s calls on grants the user already gave (docs/dbus-interface.md, "Accounts1"): a token of
/// a granted account, the caller's granted accounts, and giving a grant back. The grants are read from
/// the store at every call (no cache): a grant revoked in the window or by `auth-desktop apps revoke`
/// fails the app's next call. The app is `CallerIdentity.appKey`, from the bus.
extension AccountsService {
  /// The longest account (a uid), provider and scope, and the most scopes, an app may send.
  static let maximumAccount = 128
  static let maximumProvider = 128
  static let maximumScope = 128
  static let maximumScopes = 32

  /// `GetAccessToken(s, a{sv}) → (s, x)` and `GetIdToken`: the granted account's provider token
  /// (refreshed when due, one refresh at a time per account: `RefreshLock`) or ID token.
  func grantedToken(_ call: BusCall, caller: CallerIdentity) async throws -> [BusValue] {
    let uid = try Self.account(call)
    let provider = try Self.stringOption(Self.dictionary(call, at: 1), "provider", limit: Self.maximumProvider)
    let auth = try await requireAuth()
    let user = try await Self.signedIn(uid, auth)
    let granted = try await auth.appGrants(forApp: caller.appKey).filter {
      $0.uid == uid && (provider == nil || $0.providerID == provider)
    }
    guard let grant = granted.first else { throw ServiceError.notGranted }
    do {
      if call.method == "GetIdToken" {
        let token = try await user.getIDToken()
        try await auth.noteAppGrantUsed(grant)
        let expires = IDTokenIssuer.expiry(of: token).map { Int64($0.timeIntervalSince1970) } ?? 0
        return [.string(token.reveal()), .int64(expires)]
      }
      guard granted.count == 1 else { throw ServiceError.invalidArgument(.option("provider")) }
      let credential = try await auth.providerCredential(providerID: grant.providerID, uid: uid)
      guard let token = credential.accessToken else { throw ServiceError.failed(.noToken) }
      try await auth.noteAppGrantUsed(grant)
      return [.string(token.reveal()), .int64(credential.expiresAt.map { Int64($0.timeIntervalSince1970) } ?? 0)]
    } catch let error as AuthError {
      throw Self.serviceError(error)
    }
  }

  /// `ListAccounts() → aa{sv}`: one entry per grant of the caller, as `RequestAccount` answers it.
  func listAccounts(caller: CallerIdentity) async throws -> [BusValue] {
    let auth = try await requireAuth()
    var entries: [[String: BusValue]] = []
    for grant in try await auth.appGrants(forApp: caller.appKey) {
      guard let user = try? await auth.signedInUser(uid: grant.uid) else { continue }
      entries.append(Self.results(grant, user: user))
    }
    return [.dictionaries(entries)]
  }

  /// `Release(s) → ()`: the caller gives back its grants on that account (none: nothing happens).
  func release(_ call: BusCall, caller: CallerIdentity) async throws {
    let uid = try Self.account(call)
    try await requireAuth().revokeAppGrants(app: caller.appKey, uid: uid)
  }

  /// What `RequestAccount`'s Response and `ListAccounts` say of a grant.
  static func results(_ grant: AppGrant, user: User) -> [String: BusValue] {
    let account = ConsentAccount(user, providerID: grant.providerID)
    return [
      "account": .string(grant.uid), "provider": .string(grant.providerID), "login": .string(account.login ?? ""),
      "email": .string(account.email ?? ""), "display_name": .string(account.displayName ?? ""),
      "scopes": .strings(grant.scopes),
    ]
  }

  /// The first argument, an account's uid: at most `maximumAccount` bytes.
  static func account(_ call: BusCall) throws -> String {
    guard case .string(let uid) = call.arguments.first else { throw ServiceError.invalidArgument(.option("account")) }
    guard uid.utf8.count <= maximumAccount else { throw ServiceError.invalidArgument(.tooLong("account")) }
    return uid
  }

  /// The signed-in user `uid` (`NoSuchAccount` when it is not signed in: signed out, deleted, never).
  static func signedIn(_ uid: String, _ auth: Auth) async throws -> User {
    let user: User?
    do {
      user = uid.isEmpty ? nil : try await auth.signedInUser(uid: uid)
    } catch {
      DesktopAuth.logger().debug("the signed-in account could not be read (\(error))")
      throw ServiceError.failed(.notAvailable)
    }
    guard let user else { throw ServiceError.noSuchAccount }
    return user
  }

  /// The engine's error as the app reads it: an account no longer signed in, a provider no longer
  /// linked (the grant is void), or no token to give.
  static func serviceError(_ error: AuthError) -> ServiceError {
    switch error.code {
    case .noCurrentUser, .userNotFound, .userDisabled: return .noSuchAccount
    case .noSuchProvider: return .notGranted
    default: return .failed(.noToken)
    }
  }
}
