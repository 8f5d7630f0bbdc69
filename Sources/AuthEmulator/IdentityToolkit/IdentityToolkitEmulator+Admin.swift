import AuthEngine
import Foundation

/// firebase-tools' emulator-only endpoints (`operations.ts` `authOperations.emulator`; misc.spec
/// "emulator utility APIs"), unauthenticated as there, for any project id:
/// `DELETE /emulator/v1/projects/P/accounts` (or `/tenants/T/accounts`), `GET|PATCH …/P/config`,
/// `GET …/P/oobCodes`.
extension IdentityToolkitEmulator {
  func administer(_ path: String, method: String, _ request: HTTPRequest) -> HTTPResponse {
    let parts = path.dropFirst(Self.adminPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    guard let projectID = parts.first, Self.isProjectID(projectID) else { return Self.notFound }
    let rest = Array(parts.dropFirst())
    let tenant = rest.count == 3 && rest.first == "tenants" && rest.last == "accounts" ? rest[1] : nil
    if rest == ["accounts"] || tenant?.isEmpty == false {
      guard method == "DELETE" else { return EmulatorHTTP.methodNotAllowed("DELETE") }
      return deleteAccounts(projectID: projectID, tenant: tenant)
    }
    switch (rest, method) {
    case (["config"], "GET"):
      return perform(admin: true, saves: false, projectID: projectID) { Self.configuration($0.state) }
    case (["config"], "PATCH"): return patchConfiguration(projectID: projectID, request)
    case (["config"], _): return EmulatorHTTP.methodNotAllowed("GET, PATCH")
    // firebase-tools `listOobCodesInProject`: the emails it would have sent, with their codes and links.
    case (["oobCodes"], "GET"):
      let base = provider.baseURL
      return perform(admin: true, saves: false, projectID: projectID) { operation in
        ["oobCodes": (operation.state.oobCodes ?? []).map { $0.json.merging(["oobLink": $0.link(base: base)]) { $1 } }]
      }
    case (["oobCodes"], _): return EmulatorHTTP.methodNotAllowed("GET")
    default: return Self.notFound
    }
  }

  /// `deleteAllAccountsInProject` (misc.spec "should drop all accounts on DELETE
  /// /emulator/v1/projects/{PROJECT_ID}/accounts"), or in one tenant.
  private func deleteAccounts(projectID: String, tenant: String?) -> HTTPResponse {
    perform(admin: true, projectID: projectID) { operation in
      operation.state.accounts.removeAll { $0.tenantId == tenant }
      return [:]
    }
  }

  /// `updateEmulatorProjectConfig` (misc.spec "should only update allowDuplicateEmails on PATCH …" and
  /// "… enableImprovedEmailPrivacy …"): only the fields given change.
  private func patchConfiguration(projectID: String, _ request: HTTPRequest) -> HTTPResponse {
    guard let body = JSONValue.parse(request.body ?? Data("{}".utf8))?.object else {
      return IdentityToolkitError.invalidJSON("Expected an object.").response
    }
    let duplicates = body["signIn"]?["allowDuplicateEmails"]?.bool
    let privacy = body["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool
    return perform(admin: true, projectID: projectID) { operation in
      if let duplicates { operation.state.allowDuplicateEmails = duplicates }
      if let privacy { operation.state.enableImprovedEmailPrivacy = privacy }
      return Self.configuration(operation.state)
    }
  }

  /// `getEmulatorProjectConfig`.
  static func configuration(_ state: IdentityToolkitState) -> [String: Any] {
    [
      "signIn": ["allowDuplicateEmails": state.allowDuplicateEmails],
      "emailPrivacyConfig": ["enableImprovedEmailPrivacy": state.enableImprovedEmailPrivacy],
    ]
  }
}
