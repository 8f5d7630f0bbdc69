import AuthEngine
import Foundation

/// The Admin API as the Admin SDKs call it (firebase-admin with `FIREBASE_AUTH_EMULATOR_HOST`): the
/// project-scoped account paths, for any project id, with `Authorization: Bearer owner` and no API key
/// (firebase-tools `server.ts` `oauth2Authenticator`):
/// - `POST /identitytoolkit.googleapis.com/v1/projects/P/accounts` creates a user;
/// - `POST …/projects/P/accounts:OP`, OP one of `lookup`, `update`, `delete`, `query`, `batchDelete`,
///   `sendOobCode` (the Admin SDK's `generate_password_reset_link` and `generate_email_verification_link`);
/// - `GET …/projects/P/accounts:batchGet?maxResults=N&nextPageToken=T`;
/// - the same below `…/projects/P/tenants/T/`, for the tenant's users (a body's `tenantId` must be T).
/// The same paths without the host segment work too. Missing credentials are 401 `UNAUTHENTICATED`,
/// as production answers a request without an OAuth 2 token.
extension IdentityToolkitEmulator {
  static let projectPrefixes = ["/identitytoolkit.googleapis.com/v1/projects/", "/v1/projects/"]
  static let notFound = IdentityToolkitError("Not Found", status: 404, reason: "notFound", rpcStatus: "NOT_FOUND")
    .response
  /// The operations below `…/accounts:` (the empty one is `POST …/accounts`).
  static let projectOperations: [String: String] = [
    "": "POST", "lookup": "POST", "update": "POST", "delete": "POST", "query": "POST", "batchDelete": "POST",
    "batchGet": "GET", "sendOobCode": "POST",
  ]

  /// A project or tenant id as a path segment: 1 to 100 ASCII letters, digits, `-`, `_` or `.`.
  static func isProjectID(_ id: String) -> Bool {
    (1...100).contains(id.utf8.count)
      && id.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".contains(Character($0)))
      }
  }

  /// `P/accounts[:OP]` or `P/tenants/T/accounts[:OP]` below a project prefix: (P, T, OP), else nil.
  static func projectRoute(_ rest: Substring) -> (project: String, tenant: String?, operation: String)? {
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let project = parts.first, isProjectID(project), let last = parts.last else { return nil }
    let tenant: String?
    switch parts.count {
    case 2: tenant = nil
    case 4 where parts[1] == "tenants" && isProjectID(parts[2]): tenant = parts[2]
    default: return nil
    }
    guard last == "accounts" || last.hasPrefix("accounts:") else { return nil }
    let operation = String(last.dropFirst("accounts".count).drop { $0 == ":" })
    return (project, tenant, operation)
  }

  func handleProject(_ path: String, prefix: String, method: String, _ request: HTTPRequest) -> HTTPResponse {
    guard let route = Self.projectRoute(path.dropFirst(prefix.count)),
      let expected = Self.projectOperations[route.operation]
    else { return Self.notFound }
    guard method == expected || (expected == "GET" && method == "HEAD") else {
      return EmulatorHTTP.methodNotAllowed(expected)
    }
    if let refusal = Self.ownerRefusal(request) { return refusal }
    do {
      if route.operation == "batchGet" {
        let query = EmulatorHTTP.query(of: request)
        let tenant = route.tenant ?? query["tenantId"]
        return perform(admin: true, saves: false, projectID: route.project) {
          $0.batchGet(maxResults: query["maxResults"], pageToken: query["nextPageToken"], tenantId: tenant)
        }
      }
      let name = route.operation.isEmpty ? "signUp" : route.operation
      var body = try IdentityToolkitBody(request, operation: name)
      if let tenant = route.tenant {
        try IdentityToolkitError.check(
          body.text("tenantId") == nil || body.text("tenantId") == tenant, "TENANT_ID_MISMATCH")
        body = IdentityToolkitBody(body.fields.merging(["tenantId": .string(tenant)]) { $1 })
      }
      let project = route.project
      switch route.operation {
      case "": return perform(admin: true, projectID: project) { try $0.createAccount(body) }
      case "lookup": return perform(admin: true, saves: false, projectID: project) { try $0.lookup(body) }
      case "update": return perform(admin: true, projectID: project) { try $0.update(body) }
      case "delete": return perform(admin: true, projectID: project) { try $0.delete(body) }
      case "query": return perform(admin: true, saves: false, projectID: project) { try $0.query(body) }
      case "sendOobCode":
        let base = provider.baseURL
        return perform(admin: true, projectID: project) { try $0.sendOobCode(body, base: base) }
      default: return perform(admin: true, projectID: project) { try $0.batchDelete(body) }
      }
    } catch let error as IdentityToolkitError {
      return error.response
    } catch {
      return IdentityToolkitError("INTERNAL", status: 500, reason: "backendError", rpcStatus: "INTERNAL").response
    }
  }

  /// nil for `Authorization: Bearer owner`; else production's 401 for a missing or unusable credential.
  static func ownerRefusal(_ request: HTTPRequest) -> HTTPResponse? {
    let token = EmulatorHTTP.bearer(request)
    if token?.lowercased() == "owner" { return nil }
    let suffix =
      "Expected OAuth 2 access token, login cookie or other valid authentication credential. "
      + "See https://developers.google.com/identity/sign-in/web/devconsole-project."
    var error = IdentityToolkitError(
      token == nil
        ? "Request is missing required authentication credential. " + suffix
        : "Request had invalid authentication credentials. " + suffix,
      status: 401, reason: token == nil ? "required" : "authError", rpcStatus: "UNAUTHENTICATED")
    error.location = "Authorization"
    return error.response
  }
}
