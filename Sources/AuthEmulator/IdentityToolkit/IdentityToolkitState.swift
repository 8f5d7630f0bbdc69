import AuthEngine
import Foundation

/// Everything the Identity Toolkit emulator keeps for one project: the emulator configuration, the
/// accounts of the project and of its tenants (created on first use, as in firebase-tools), and what
/// stands behind the tokens it issued. Tokens themselves are never kept: refresh, ID and pending tokens
/// are remembered by the lowercase hex SHA-256 of their text.
///
/// A value type: an operation works on a copy, which replaces the stored state only once it is saved,
/// so a refused request or a failed write changes nothing.
struct IdentityToolkitState: Codable, Sendable {
  /// What a refresh token stands for: one sign-in session of one user.
  struct RefreshRecord: Codable, Sendable {
    var tenantId: String?
    var localId: String
    var signInProvider: String
    var authTime: Date
    var sequence: UInt64
    /// When the session's refresh token was issued (nil in states saved before this was kept).
    var issuedAt: Date?
    /// A custom token's `claims` (JSON text), copied into the session's ID tokens.
    var sessionClaims: String?
  }

  /// An ID token this emulator signed: its number (for revocation) and when it expires.
  struct IssuedIDToken: Codable, Sendable {
    var sequence: UInt64
    var expiresAt: Date
  }

  /// A verified IdP credential a `pendingToken` stands for (production; firebase-tools ignores
  /// `pendingToken`). The provider's own tokens are not kept.
  struct PendingRecord: Codable, Sendable {
    var identity: IdPIdentity
    var tenantId: String?
    var expiresAt: Date
  }

  var projectID: String
  /// `signIn.allowDuplicateEmails` (firebase-tools `getEmulatorProjectConfig`).
  var allowDuplicateEmails = false
  /// `emailPrivacyConfig.enableImprovedEmailPrivacy`: email-enumeration protection.
  var enableImprovedEmailPrivacy = false
  /// Numbers every issued token, so that revocation does not depend on clock resolution: a token is
  /// revoked when its number is not above the account's `revokedThrough`. (An ID token minted with the
  /// same claims in the same second as an earlier one is the same bytes, RS256 being deterministic: it
  /// is the new token, and valid, as production's `iat` ≥ `validSince` rule would also have it.)
  var sequence: UInt64 = 0
  var accounts: [IdentityToolkitAccount] = []
  var refreshTokens: [String: RefreshRecord] = [:]
  var idTokens: [String: IssuedIDToken] = [:]
  var pendingTokens: [String: PendingRecord] = [:]
  /// The emails the emulator would have sent (`IdentityToolkitOperation+OobCodes`); nil in states saved
  /// before they were kept.
  var oobCodes: [OobRecord]?
  /// TOTP enrollments begun, and first factors waiting for the second, by token digest (nil in states
  /// saved before there were any).
  var totpSessions: [String: TOTPEnrollmentSession]?
  var mfaPending: [String: MFAPendingRecord]?

  init(projectID: String) { self.projectID = projectID }

  /// The next token number.
  mutating func nextSequence() -> UInt64 {
    sequence += 1
    return sequence
  }

  /// Forgets ID and pending tokens that can no longer be used.
  mutating func purge(now: Date) {
    idTokens = idTokens.filter { $0.value.expiresAt > now }
    pendingTokens = pendingTokens.filter { $0.value.expiresAt > now }
    oobCodes = oobCodes?.filter { $0.expiresAt > now - OobRecord.keptAfterExpiry }
    totpSessions = totpSessions?.filter { $0.value.expiresAt > now }
    mfaPending = mfaPending?.filter { $0.value.expiresAt > now }
  }

  // MARK: Accounts (firebase-tools `state.ts` indexes, as linear scans)

  func index(of localId: String, tenantId: String?) -> Int? {
    accounts.firstIndex { $0.localId == localId && $0.tenantId == tenantId }
  }

  /// firebase-tools `getUserByEmail`: the account whose top-level email this is.
  func index(email: String, tenantId: String?) -> Int? {
    accounts.firstIndex { $0.tenantId == tenantId && $0.email == email }
  }

  /// firebase-tools `getUserByProviderRawId`.
  func index(provider: String, rawId: String, tenantId: String?) -> Int? {
    accounts.firstIndex { $0.tenantId == tenantId && $0.provider(provider)?.rawId == rawId }
  }

  /// firebase-tools `getUsersByEmailOrProviderEmail`: the top-level owner first.
  func indices(emailOrProviderEmail email: String, tenantId: String?) -> [Int] {
    let inTenant = accounts.indices.filter { accounts[$0].tenantId == tenantId }
    let owners = inTenant.filter { accounts[$0].email == email }
    return owners + inTenant.filter { !owners.contains($0) && accounts[$0].providers.contains { $0.email == email } }
  }

  /// A new account with a 28-character local id, as Firebase's.
  mutating func createAccount(tenantId: String?, now: Date, random: any RandomSource) -> Int {
    var localId: String
    repeat {
      localId = random.alphanumeric(28)
    } while accounts.contains { $0.localId == localId }
    accounts.append(IdentityToolkitAccount(localId: localId, tenantId: tenantId, now: now, sequence: sequence))
    return accounts.count - 1
  }

  /// A credential change: every token issued so far stops working (firebase-tools `validSince`).
  mutating func revokeTokens(of index: Int, now: Date) {
    accounts[index].revokedThrough = sequence
    accounts[index].validSince = Int64(now.timeIntervalSince1970)
  }

  /// The Admin API's `validSince` (firebase-admin `revoke_refresh_tokens` sends the current second):
  /// sessions and ID tokens issued before it stop working. One that names this second or a later one
  /// revokes everything issued so far, so a revocation right after a sign-in is never lost to the
  /// clock's one-second resolution; an earlier one revokes what was issued before that second.
  mutating func setValidSince(_ validSince: Int64, of index: Int, now: Date) {
    accounts[index].validSince = validSince
    guard validSince < Int64(now.timeIntervalSince1970) else {
      accounts[index].revokedThrough = sequence
      return
    }
    let before = Date(timeIntervalSince1970: TimeInterval(validSince))
    let sessions = refreshTokens.values.filter { ($0.issuedAt ?? $0.authTime) < before }.map(\.sequence)
    let idTokens = idTokens.values.filter { $0.expiresAt - IdentityToolkitOperation.idTokenLifetime < before }.map(
      \.sequence)
    accounts[index].revokedThrough = max(accounts[index].revokedThrough, (sessions + idTokens).max() ?? 0)
  }
}
