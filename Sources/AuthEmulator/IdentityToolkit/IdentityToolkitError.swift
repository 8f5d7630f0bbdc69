import AuthEngine
import Foundation

/// An Identity Toolkit error answer, in the wire format of firebase-tools' `errors.ts`
/// (`BadRequestError` and friends) and production:
/// `{"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [{"message", "reason", "domain"}]}}`.
/// Details follow the code after ` : ` (`WEAK_PASSWORD : Password should be at least 6 characters`).
struct IdentityToolkitError: Error, Sendable {
  var message: String
  var status = 400
  var reason = "invalid"
  /// Google's RPC status name (`INVALID_ARGUMENT`), sent by the API front end for its own errors.
  var rpcStatus: String?
  var details: [[String: String]]?
  /// The header an authentication error is about (`errors[].location`, `locationType: header`).
  var location: String?

  init(_ message: String, status: Int = 400, reason: String = "invalid", rpcStatus: String? = nil) {
    self.message = message
    self.status = status
    self.reason = reason
    self.rpcStatus = rpcStatus
  }

  /// The code before ` : ` (`WEAK_PASSWORD`).
  var code: String { message.components(separatedBy: " : ").first ?? message }

  var response: HTTPResponse {
    var item = ["message": message, "reason": reason, "domain": "global"]
    if let location { (item["location"], item["locationType"]) = (location, "header") }
    var error: [String: Any] = ["code": status, "message": message, "errors": [item]]
    error["status"] = rpcStatus
    error["details"] = details
    return EmulatorHTTP.json(["error": error], status: status)
  }

  /// firebase-tools' `assert(condition, message)`.
  static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw IdentityToolkitError(message()) }
  }

  /// rest.spec "should throw 403 if API key is not provided".
  static let missingAPIKey = IdentityToolkitError(
    "The request is missing a valid API key.", status: 403, reason: "forbidden", rpcStatus: "PERMISSION_DENIED")

  /// firebase-tools answers 501 for what it does not implement (`NotImplementedError`).
  static func notImplemented(_ message: String) -> IdentityToolkitError {
    IdentityToolkitError(message, status: 501, reason: "unimplemented", rpcStatus: "NOT_IMPLEMENTED")
  }

  /// The API front end's answer to a field the v1 schema does not have (production; firebase-tools
  /// accepts any field).
  static func unknownField(_ name: String) -> IdentityToolkitError {
    IdentityToolkitError(
      "Invalid JSON payload received. Unknown name \"\(name)\": Cannot find field.", rpcStatus: "INVALID_ARGUMENT")
  }

  static func invalidJSON(_ detail: String) -> IdentityToolkitError {
    IdentityToolkitError(
      "Invalid JSON payload received. \(detail)", reason: "parseError", rpcStatus: "INVALID_ARGUMENT")
  }

  /// The emulator's data could not be read or written: nothing was changed.
  static func storage(_ error: any Error) -> IdentityToolkitError {
    var path = ""
    if let error = error as? AuthError, case .storage(let issue) = error.payload {
      path = " (\(issue.path))"
      if case .invalidContents(let keptAs?) = issue.problem { path += "; the unreadable file was kept as \(keptAs)" }
    }
    return IdentityToolkitError(
      "INTERNAL : The emulator's account data cannot be read or written\(path).", status: 500, reason: "backendError",
      rpcStatus: "INTERNAL")
  }
}
