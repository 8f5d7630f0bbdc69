import Foundation

/// Custom tokens and emailed codes of a project on the Identity Toolkit test server
/// (`Tests/Servers/itk_custom_token.py`, `Tests/Servers/itk_oob.py`).
extension IdentityToolkitTestProject {
  /// A custom token as a backend's Admin SDK mints it: signed by a service account of `serviceAccountProject`
  /// (this project by default), valid for `expiresIn` seconds (negative: expired).
  public func customToken(
    uid: String, claims: [String: Any]? = nil, serviceAccountProject: String? = nil, expiresIn: Int = 3600
  ) async throws -> String {
    var body: [String: Any] = ["uid": uid, "expires_in": expiresIn]
    body["claims"] = claims
    body["project_id"] = serviceAccountProject
    let answer = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/custom_token"), body)
    guard let token = answer["token"] as? String else { throw TestSetupError("no custom token: \(answer)") }
    return token
  }

  /// The codes the project would have emailed (`GET /emulator/v1/projects/P/oobCodes`): `email`,
  /// `oobCode`, `requestType`.
  public func oobCodes() async throws -> [[String: Any]] {
    let answer = try await Control.get(base.appendingPathComponent("emulator/v1/projects/\(id)/oobCodes"))
    return (answer as? [String: Any])?["oobCodes"] as? [[String: Any]] ?? []
  }

  /// The newest code of `requestType` sent to `email`.
  public func oobCode(_ requestType: String, for email: String) async throws -> String {
    let code =
      try await oobCodes().last {
        $0["requestType"] as? String == requestType && $0["email"] as? String == email
      }?["oobCode"] as? String
    guard let code else { throw TestSetupError("no \(requestType) code for \(email)") }
    return code
  }

  /// Every emailed code expires now.
  public func expireOobCodes() async throws {
    _ = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/oob/expire"), [:])
  }
}
