import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

/// A failure as the window shows it: the app's words for the window (`UserFacingError`: a title
/// that says what happened, and a body with what, where and what to do), the engine's stable code
/// (which decides where it shows), and — when the error's payload names one — where the problem is
/// (the configuration file and setting, or the port), set apart on the page so it can be copied.
struct WindowProblem: Sendable, Equatable {
  var code: AuthErrorCode
  var title: String
  var body: String
  var location: String?

  init(code: AuthErrorCode, title: String, body: String, location: String? = nil) {
    self.code = code
    self.title = title
    self.body = body
    self.location = location
  }

  init(_ error: AuthError) {
    let words = UserFacingError(error, for: .window)
    self.init(code: error.code, title: words.title, body: words.body, location: Self.location(of: error))
  }

  /// Any error: an `AuthError` as above, anything else as `auth/internal-error` (never a raw dump).
  init(_ error: any Error) {
    self.init(error as? AuthError ?? AuthError(.internalError, origin: .request, detail: "\(error)"))
  }

  /// A problem with what the user typed into the email form: shown under the form, which stays.
  var isFormError: Bool { Self.formCodes.contains(code) }

  static let formCodes: Set<AuthErrorCode> = [
    .invalidEmail, .wrongPassword, .userNotFound, .weakPassword, .emailAlreadyInUse, .tooManyRequests,
  ]

  /// The file and setting of a configuration issue, or the port of a port issue.
  static func location(of error: AuthError) -> String? {
    switch error.payload {
    case .configuration(let issue):
      let parts = [issue.file, issue.qualifiedKey].compactMap { $0 }
      return parts.isEmpty ? nil : parts.joined(separator: "\n")
    case .port(let issue): return issue.port.map { WindowText.loopbackPort($0) }
    default: return nil
    }
  }
}
