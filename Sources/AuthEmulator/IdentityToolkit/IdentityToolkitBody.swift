import AuthEngine
import Foundation

/// A request body of the Identity Toolkit emulator: the JSON object (or, for Secure Token, the form),
/// checked against the v1 discovery schema's field names as production's API front end does.
struct IdentityToolkitBody: Sendable {
  let fields: [String: JSONValue]

  init(_ fields: [String: JSONValue]) { self.fields = fields }

  /// Parses `request`'s body for `operation`: JSON, or for `token` also a form.
  init(_ request: HTTPRequest, operation: String) throws {
    let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
      .lowercased()
    if operation == "token", type == "application/x-www-form-urlencoded" {
      let form = EmulatorHTTP.form(of: request)
      fields = Dictionary(
        form.pairs.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { first, _ in first })
      return
    }
    let data = request.body ?? Data()
    if data.isEmpty {
      fields = [:]
    } else if let json = JSONValue.parse(data) {
      guard let object = json.object else { throw IdentityToolkitError.invalidJSON("Expected an object.") }
      fields = object
    } else {
      throw IdentityToolkitError.invalidJSON("The body is not JSON.")
    }
    let allowed = Self.schema[operation] ?? Self.adminSchema[operation] ?? Self.mfaSchema[operation] ?? []
    if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw IdentityToolkitError.unknownField(unknown)
    }
  }

  func string(_ name: String) -> String? { fields[name]?.string }
  /// A non-empty string.
  func text(_ name: String) -> String? { fields[name]?.string.flatMap { $0.isEmpty ? nil : $0 } }
  func bool(_ name: String) -> Bool? { fields[name]?.bool }
  func strings(_ name: String) -> [String] { fields[name]?.array?.compactMap(\.string) ?? [] }
  func has(_ name: String) -> Bool { fields[name] != nil && fields[name] != .null }

  /// Request fields per operation: the v1 discovery schema, as in firebase-tools' `schema.ts` (plus
  /// `returnSecureToken` on signUp, which the SDKs send).
  static let schema: [String: Set<String>] = [
    "signInWithIdp": [
      "autoCreate", "delegatedProjectNumber", "idToken", "pendingIdToken", "pendingToken", "postBody", "requestUri",
      "returnIdpCredential", "returnRefreshToken", "returnSecureToken", "sessionId", "tenantId",
    ],
    "signUp": [
      "captchaChallenge", "captchaResponse", "clientType", "disabled", "displayName", "email", "emailVerified",
      "idToken", "instanceId", "localId", "mfaInfo", "password", "phoneNumber", "photoUrl", "recaptchaVersion",
      "returnSecureToken", "targetProjectId", "tenantId",
    ],
    "signInWithPassword": [
      "captchaChallenge", "captchaResponse", "clientType", "delegatedProjectNumber", "email", "idToken", "instanceId",
      "password", "pendingIdToken", "recaptchaVersion", "returnSecureToken", "tenantId",
    ],
    "lookup": [
      "delegatedProjectNumber", "email", "federatedUserId", "idToken", "initialEmail", "localId", "phoneNumber",
      "targetProjectId", "tenantId",
    ],
    "update": [
      "captchaChallenge", "captchaResponse", "createdAt", "customAttributes", "delegatedProjectNumber",
      "deleteAttribute", "deleteProvider", "disableUser", "displayName", "email", "emailVerified", "idToken",
      "instanceId", "lastLoginAt", "linkProviderUserInfo", "localId", "mfa", "oobCode", "password", "phoneNumber",
      "photoUrl", "provider", "returnSecureToken", "targetProjectId", "tenantId", "upgradeToFederatedLogin",
      "validSince", "deletePasskey",
    ],
    "delete": ["delegatedProjectNumber", "idToken", "localId", "targetProjectId", "tenantId"],
    "createAuthUri": [
      "appId", "authFlowType", "context", "continueUri", "customParameter", "hostedDomain", "identifier",
      "oauthConsumerKey", "oauthScope", "openidRealm", "otaApp", "providerId", "sessionId", "tenantId",
    ],
    "token": ["code", "grantType", "grant_type", "refreshToken", "refresh_token"],
    "signInWithCustomToken": ["delegatedProjectNumber", "instanceId", "returnSecureToken", "tenantId", "token"],
    "sendOobCode": [
      "androidInstallApp", "androidMinimumVersion", "androidPackageName", "canHandleCodeInApp", "captchaResp",
      "challenge", "clientType", "continueUrl", "dynamicLinkDomain", "email", "iOSAppStoreId", "iOSBundleId",
      "idToken", "linkDomain", "newEmail", "recaptchaVersion", "requestType", "returnOobLink", "targetProjectId",
      "tenantId", "userIp",
    ],
    "resetPassword": ["email", "newPassword", "oldPassword", "oobCode", "tenantId"],
  ]

  /// Operations only the project-scoped Admin API paths serve (`IdentityToolkitEmulator+Projects`).
  static let adminSchema: [String: Set<String>] = [
    "batchDelete": ["force", "localIds", "tenantId", "targetProjectId"],
    "query": ["expression", "limit", "offset", "order", "returnUserInfo", "sortBy", "tenantId", "targetProjectId"],
  ]
}
