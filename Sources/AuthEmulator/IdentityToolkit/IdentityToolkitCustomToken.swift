import AuthEngine
import Foundation

/// A custom token as the Admin SDKs mint it for an emulator (`create_custom_token` with
/// `FIREBASE_AUTH_EMULATOR_HOST` set): a JWT with `alg: none` and an empty signature, `aud` = Identity
/// Toolkit's custom-token audience, `uid`, `iat`, `exp`, and optionally `claims` and `tenant_id`. The
/// emulator cannot verify a signed token (the signing service account's keys are Google's), so it
/// refuses one rather than trust it unchecked, as firebase-tools does; production verifies the signature.
struct IdentityToolkitCustomToken {
  /// Identity Platform's audience of custom tokens (REST reference, "Verify custom token").
  static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
  /// Firebase's limit on a uid's length.
  static let maximumUIDLength = 128

  let uid: String
  /// `claims`, re-serialized, or nil.
  let claims: String?
  let tenantID: String?
  /// The signing service account (`iss`), when it names one of a project (`NAME@PROJECT.iam.gserviceaccount.com`).
  let serviceAccountProject: String?

  /// Parses and checks `token` at `now`: `INVALID_CUSTOM_TOKEN : …` for anything but an unsigned JWT for
  /// the audience with a uid of 1…128 characters that has not expired; `FORBIDDEN_CLAIM`, `INVALID_CLAIMS`
  /// or `CLAIMS_TOO_LARGE` for its `claims`.
  init(_ token: String, now: Date) throws {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Self.object(parts[0]), let payload = Self.object(parts[1]) else {
      throw IdentityToolkitError("INVALID_CUSTOM_TOKEN : Invalid assertion format")
    }
    guard header["alg"]?.string == "none", parts[2].isEmpty else {
      throw IdentityToolkitError(
        "INVALID_CUSTOM_TOKEN : ((The emulator accepts only unsigned custom tokens, as the Admin SDK mints them with FIREBASE_AUTH_EMULATOR_HOST set.))"
      )
    }
    try IdentityToolkitError.check(
      payload["aud"]?.string == Self.audience, "INVALID_CUSTOM_TOKEN : The custom token has the wrong audience.")
    if let exp = payload["exp"] {
      guard let seconds = exp.number, seconds > now.timeIntervalSince1970 else {
        throw IdentityToolkitError("INVALID_CUSTOM_TOKEN : The custom token has expired.")
      }
    }
    guard let uid = payload["uid"]?.string, !uid.isEmpty, uid.count <= Self.maximumUIDLength else {
      throw IdentityToolkitError("INVALID_CUSTOM_TOKEN : The custom token's uid must be 1 to 128 characters.")
    }
    self.uid = uid
    if let claims = payload["claims"] {
      guard let data = try? JSONEncoder().encode(claims) else { throw IdentityToolkitError("INVALID_CLAIMS") }
      self.claims = try IdentityToolkitClaims.validate(String(decoding: data, as: UTF8.self))
    } else {
      self.claims = nil
    }
    tenantID = payload["tenant_id"]?.string
    let issuer = payload["iss"]?.string ?? ""
    let suffix = ".iam.gserviceaccount.com"
    if issuer.hasSuffix(suffix), let at = issuer.firstIndex(of: "@") {
      serviceAccountProject = String(
        issuer[issuer.index(after: at)..<issuer.index(issuer.endIndex, offsetBy: -suffix.count)])
    } else {
      serviceAccountProject = nil
    }
  }

  private static func object(_ part: Substring) -> [String: JSONValue]? {
    Base64URL.decode(part).flatMap(JSONValue.parse)?.object
  }
}

/// `accounts:signInWithCustomToken`.
extension IdentityToolkitOperation {
  /// firebase-tools `signInWithCustomToken`: the account with the token's uid, created when new
  /// (`isNewUser`), `USER_DISABLED` for a disabled one, tokens of sign-in provider `custom` whose ID
  /// tokens carry the token's `claims`. Production instead of firebase-tools: a signed or expired
  /// token is `INVALID_CUSTOM_TOKEN`, and one whose service account is of another project
  /// `CREDENTIAL_MISMATCH`.
  mutating func signInWithCustomToken(_ body: IdentityToolkitBody) throws -> [String: Any] {
    guard let text = body.text("token") else { throw IdentityToolkitError("MISSING_CUSTOM_TOKEN") }
    let token = try IdentityToolkitCustomToken(text, now: now)
    if let owner = token.serviceAccountProject {
      try Self.check(owner == project.projectID, "CREDENTIAL_MISMATCH")
    }
    let tenant = body.text("tenantId")
    try Self.check(token.tenantID == tenant, "TENANT_ID_MISMATCH")
    let existing = state.index(of: token.uid, tenantId: tenant)
    if let existing { try Self.check(!state.accounts[existing].disabled, "USER_DISABLED") }
    let index =
      existing
      ?? {
        state.accounts.append(
          IdentityToolkitAccount(localId: token.uid, tenantId: tenant, now: now, sequence: state.sequence))
        return state.accounts.count - 1
      }()
    state.accounts[index].lastLoginAt = IdentityToolkitAccount.milliseconds(now)
    let out: [String: Any] = ["kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": existing == nil]
    return out.merging(
      try issueTokens(index, provider: IdentityToolkitAccount.custom, authTime: now, sessionClaims: token.claims)
    ) {
      $1
    }
  }
}
