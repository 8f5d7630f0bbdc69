import AuthEngine
import Foundation

/// firebase-tools' emulator-only endpoints (`operations.ts` `authOperations.emulator`; misc.spec
/// "emulator utility APIs"), unauthenticated as there.
extension IdentityToolkitEmulator {
  func administer(_ path: String, method: String, _ request: HTTPRequest) -> HTTPResponse {
    let parts = path.dropFirst(Self.adminPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    guard parts.first == project.projectID else {
      return ToolkitError(
        "PROJECT_NOT_FOUND : This emulator serves project \(project.projectID).", status: 404, reason: "notFound",
        rpcStatus: "NOT_FOUND"
      ).response
    }
    let rest = parts.dropFirst()
    let tenant = rest.count == 3 && rest.first == "tenants" && rest.last == "accounts" ? rest.dropFirst().first : nil
    if rest == ["accounts"] || tenant?.isEmpty == false {
      return method == "DELETE" ? deleteAccounts(tenant: tenant) : EmulatorHTTP.methodNotAllowed("DELETE")
    }
    guard rest == ["config"] else {
      return ToolkitError("Not Found", status: 404, reason: "notFound", rpcStatus: "NOT_FOUND").response
    }
    switch method {
    case "GET": return perform(admin: true, saves: false) { Self.configuration($0.state) }
    case "PATCH": return patchConfiguration(request)
    default: return EmulatorHTTP.methodNotAllowed("GET, PATCH")
    }
  }

  /// `deleteAllAccountsInProject` (misc.spec "should drop all accounts on DELETE
  /// /emulator/v1/projects/{PROJECT_ID}/accounts"), or in one tenant.
  private func deleteAccounts(tenant: String?) -> HTTPResponse {
    perform(admin: true) { operation in
      operation.state.accounts.removeAll { $0.tenantId == tenant }
      return [:]
    }
  }

  /// `updateEmulatorProjectConfig` (misc.spec "should only update allowDuplicateEmails on PATCH …" and
  /// "… enableImprovedEmailPrivacy …"): only the fields given change.
  private func patchConfiguration(_ request: HTTPRequest) -> HTTPResponse {
    guard let body = JSONValue.parse(request.body ?? Data("{}".utf8))?.object else {
      return ToolkitError.invalidJSON("Expected an object.").response
    }
    let duplicates = body["signIn"]?["allowDuplicateEmails"]?.bool
    let privacy = body["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool
    return perform(admin: true) { operation in
      if let duplicates { operation.state.allowDuplicateEmails = duplicates }
      if let privacy { operation.state.enableImprovedEmailPrivacy = privacy }
      return Self.configuration(operation.state)
    }
  }

  /// `getEmulatorProjectConfig`.
  static func configuration(_ state: ToolkitState) -> [String: Any] {
    [
      "signIn": ["allowDuplicateEmails": state.allowDuplicateEmails],
      "emailPrivacyConfig": ["enableImprovedEmailPrivacy": state.enableImprovedEmailPrivacy],
    ]
  }
}
