import AuthDesktopKit
import AuthDesktopShared
import AuthEngine

/// A failure as the window words it: a title that says what happened, the sentence, where it is (a
/// file and key, a port) and what to do. The words come from `WindowText` (`problemTitle`,
/// `problemBody`, `problemAdvice`); `code` stays the engine's stable `auth/…` code.
struct WindowProblem: Sendable, Equatable {
  var code: AuthErrorCode
  var title: String
  var body: String
  /// The engine's non-secret detail: where the problem is (the configuration file and key, or the
  /// port) when `detailIsLocation`, otherwise more about what happened.
  var detail: String?
  var detailIsLocation = false
  /// What to do about it, when the body does not already say.
  var advice: String?

  init(
    code: AuthErrorCode, title: String, body: String, detail: String? = nil, detailIsLocation: Bool = false,
    advice: String? = nil
  ) {
    self.code = code
    self.title = title
    self.body = body
    self.detail = detail
    self.detailIsLocation = detailIsLocation
    self.advice = advice
  }

  init(_ error: AuthError) {
    var body = WindowText.problemBody(error.code)
    if let provider = error.providerError, error.code != .webContextCancelled {
      body += " " + WindowText.providerSaid(provider.error, description: provider.errorDescription)
    }
    self.init(
      code: error.code, title: WindowText.problemTitle(error.code, providerID: error.providerID), body: body,
      detail: error.detail, detailIsLocation: error.origin == .configuration || error.code == .emulatorPortInUse,
      advice: WindowText.problemAdvice(error.code))
  }

  /// Any error: an `AuthError` as above, anything else as an internal error (never a raw dump).
  init(_ error: any Error) {
    self.init(error as? AuthError ?? AuthError(.internalError, origin: .request))
  }

  /// A problem with what the user typed into the email form: shown under the form, which stays.
  var isFormError: Bool { Self.formCodes.contains(code) }

  static let formCodes: Set<AuthErrorCode> = [
    .invalidEmail, .wrongPassword, .userNotFound, .weakPassword, .emailAlreadyInUse, .tooManyRequests,
  ]

  /// The text of a form error: the sentence, and the engine's detail (e.g. the missing password).
  var inlineText: String { detail.map { "\(body) (\($0))" } ?? body }

  /// The heading over `detail`: "Where" or "Details".
  var detailHeading: String { detailIsLocation ? WindowText.problemWhere : WindowText.problemDetails }
}
