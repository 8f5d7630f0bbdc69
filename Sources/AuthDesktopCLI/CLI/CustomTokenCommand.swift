import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `sign-in-custom-token`: the token your backend minted, on stdin (one line), never as an argument
/// (it would show in `ps` and the shell's history). A Firebase project checks it; nothing is checked here.
struct SignInCustomTokenCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in-custom-token", abstract: tr("Sign in with a custom token from your backend (token on stdin).")
  )
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let token = try SecretLine.read(orThrow: .invalidCustomToken, "no custom token on stdin")
      let context = try await CLIContext(globals)
      if context.configuration.firebase != nil { try await context.ensureEmulator() }
      let result = try await context.auth.signIn(withCustomToken: CustomToken(token))
      Output.signedIn(result.user, isNewUser: result.additionalUserInfo?.isNewUser ?? false, json: output.json)
    }
  }
}

/// One line of stdin that holds a secret (a token, a code), its spaces trimmed; none is `code`.
enum SecretLine {
  static func read(orThrow code: AuthErrorCode, _ detail: String) throws -> String {
    let line = Swift.readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !line.isEmpty else { throw AuthError(code, origin: .request, detail: detail) }
    return line
  }
}
