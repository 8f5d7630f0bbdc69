import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// Everything the command line prints. Errors: a non-zero exit and one line on stderr, or with `--json`
/// `{"error": {"code", "title", "message", …}}` on stdout; the words are the app's (`UserFacingError`).
/// `--verbose` adds the error's technical detail (a second line, or `detail`).
enum Output {
  /// A closed stdout (`sign-in --json | head -1` reads the URL and goes) drops the text: the command
  /// still finishes its work. (`FileHandle.write(_:)` would end the process with a Foundation error.)
  static func line(_ text: String) { Output.text(text + "\n") }
  /// `text` as it is, with no newline added.
  static func text(_ text: String) { try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) }
  static func errorLine(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8)) }

  /// One line of JSON; nil fields are left out (`JSONText`).
  static func json(_ object: [String: Any?]) {
    var text = JSONText()
    text.write(object)
    json(text)
  }

  /// `text` and a newline.
  static func json(_ text: consuming JSONText) { text.finish(standardOutput) }

  /// Bytes as they are.
  static func standardOutput(_ bytes: UnsafeRawBufferPointer) {
    try? FileHandle.standardOutput.write(contentsOf: bytes)
  }

  /// Runs `body`, turning an `AuthError` into the documented error output and exit code 1. With `--json`
  /// the output is for programs: English, whatever the user's language.
  static func run(_ options: OutputOptions, _ body: () async throws -> Void) async throws {
    if options.json { L10n.setUp(translating: false) }
    try await run(json: options.json, verbose: options.verbose, body)
  }

  static func run(json: Bool, verbose: Bool = false, _ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch let error as AuthError {
      report(error, json: json, verbose: verbose)
      throw ExitCode(1)
    } catch let error as HintedError {
      report(error.error, json: json, verbose: verbose, hint: error.hint)
      throw ExitCode(1)
    }
  }

  /// An `AuthError` with a sentence that follows its message (`hint`): what else the user may mean.
  struct HintedError: Error {
    var error: AuthError
    var hint: String
  }

  static func report(_ error: AuthError, json asJSON: Bool, verbose: Bool = false, hint: String? = nil) {
    let wording = UserFacingError(error, for: .commandLine)
    if asJSON {
      var fields: [String: Any?] = ["code": error.code.rawValue, "title": wording.title, "message": wording.body]
      fields["email"] = error.email
      fields["providerId"] = error.providerID
      if let methods = error.accountConflict?.signInMethods, !methods.isEmpty { fields["signInMethods"] = methods }
      if let hints = error.multiFactorResolver?.hints { fields["factors"] = hints.map(MFAListCommand.fields) }
      if let (name, candidates) = selection(error) {
        fields["account"] = name
        fields["candidates"] = candidates.map {
          ["uid": $0.uid, "email": $0.email, "logins": $0.logins] as [String: Any?]
        }
      }
      if verbose { fields["detail"] = error.detail }
      fields["hint"] = hint
      json(["error": fields])
    } else {
      errorLine("auth-desktop: \(error.code.rawValue): \(wording.body)")
      if let hint { errorLine("auth-desktop: \(hint)") }
      if verbose, let detail = error.detail { errorLine("auth-desktop: detail: \(detail)") }
    }
  }

  /// The account named and the candidates of `auth/unknown-account`, `auth/ambiguous-account`, and of a
  /// directory rule's account that is no signed-in user.
  static func selection(_ error: AuthError) -> (name: String?, candidates: [AccountCandidate])? {
    switch error.payload {
    case .accountSelection(let problem): (problem.name, problem.candidates)
    case .configuration(let issue):
      if case .unknownAccount(let candidates) = issue.problem { (nil, candidates) } else { nil }
    default: nil
    }
  }

  /// How a user is named in a sentence: the display name, else the email, else the uid.
  static func name(_ user: User) -> String { user.displayName ?? user.email ?? user.uid }

  /// The Firebase project the accounts are in (`status --json`'s `firebase`); nil for the local store.
  static func project(_ location: AccountLocation) -> [String: Any?]? {
    guard case .firebase(let projectID, let tenantID, let emulatorHost) = location else { return nil }
    return ["projectId": projectID, "tenantId": tenantID, "emulatorHost": emulatorHost]
  }

  /// Firebase's `User` as `status --json` prints it; `accounts --json` adds `current` and `chosen`.
  static func user(_ user: User, current: Bool? = nil, chosen: Bool? = nil) -> JSONFragment {
    var text = JSONText()
    text.write(user.account, current: current, chosen: chosen)
    return JSONFragment(bytes: text.bytes)
  }
}
