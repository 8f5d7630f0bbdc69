import ArgumentParser
import AuthDesktopApp
import AuthEngine
import Foundation

/// `mfa enroll totp`, `mfa list`, `mfa unenroll ID`: the signed-in user's second factors (a Firebase
/// project with Identity Platform; docs/firebase.md, "A second factor").
struct MFACommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "mfa", abstract: tr("Manage the signed-in user's second factor (TOTP)."),
    subcommands: [MFAEnrollCommand.self, MFAListCommand.self, MFAUnenrollCommand.self])

  func execute() async throws { throw CleanExit.helpRequest(self) }
}

struct MFAEnrollCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "enroll", abstract: tr("Add a TOTP second factor: scan the QR code, then type a code."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: ArgumentHelp(tr("The kind of factor: totp."))) var factor: String
  @Option(name: .customLong("display-name"), help: ArgumentHelp(tr("A name for the factor, such as the phone's.")))
  var displayName: String?
  @Option(help: ArgumentHelp(tr("The issuer your authenticator app shows (default: the Firebase project id).")))
  var issuer: String?
  @Flag(name: .customLong("totp-code-stdin"), help: ArgumentHelp(tr("Read the code from stdin instead of asking.")))
  var totpCodeStdin = false

  func validate() throws {
    guard factor == "totp" else { throw ValidationError(tr("Only “totp” second factors can be added.")) }
  }

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      let auth = context.auth
      guard let user = try await auth.currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
      let secret = try await auth.startTOTPEnrollment()
      let issuer = issuer ?? context.configuration.firebase?.projectID ?? context.configuration.app.identity.name
      let uri = secret.otpauthURI(accountName: user.email ?? user.uid, issuer: issuer)
      if output.json {
        Output.json([
          "sharedSecretKey": secret.sharedSecretKey.reveal(), "otpauthURI": uri, "codeLength": secret.codeLength,
          "periodSeconds": secret.periodSeconds, "hashingAlgorithm": secret.hashingAlgorithm,
        ])
      } else {
        Output.line(
          tr("Scan this QR code with your authenticator app, or type the key {key}", ["key": grouped(secret)]))
        if let code = QRCode(uri) {
          Output.line("")
          for line in code.terminalLines() { Output.line(line) }
          Output.line("")
        }
      }
      let failing = AuthError(.invalidVerificationCode, origin: .request, detail: "no terminal to ask for the code")
      let code = try SecondFactorInput.code(fromStdin: totpCodeStdin, failing: failing)
      _ = try await auth.finishTOTPEnrollment(secret, code: code, displayName: displayName)
      let enrolled = try await auth.multiFactors()
      if output.json {
        Output.json(["enrolled": true, "factors": enrolled.map(MFAListCommand.fields)])
      } else {
        Output.line(tr("Second factor added. Signing in now also asks for a code from your authenticator app."))
      }
    }
  }

  /// The key in groups of four, as authenticator apps show it.
  private func grouped(_ secret: TOTPSecret) -> String {
    let key = Array(secret.sharedSecretKey.reveal())
    return stride(from: 0, to: key.count, by: 4).map { String(key[$0..<min($0 + 4, key.count)]) }.joined(separator: " ")
  }
}

struct MFAListCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("List the signed-in user's second factors."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  static func fields(_ factor: MultiFactorInfo) -> [String: Any?] {
    [
      "uid": factor.uid, "factorId": factor.factorID, "displayName": factor.displayName,
      "enrollmentTime": factor.enrollmentDate.map { Date.ISO8601FormatStyle().format($0) },
    ]
  }

  func execute() async throws {
    try await Output.run(output) {
      let factors = try await CLIContext(globals).auth.multiFactors()
      if output.json { return Output.json(["factors": factors.map(Self.fields)]) }
      if factors.isEmpty { return Output.line(tr("No second factor.")) }
      for factor in factors {
        Output.line([factor.uid, factor.factorID, factor.displayName].compactMap { $0 }.joined(separator: "\t"))
      }
    }
  }
}

struct MFAUnenrollCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "unenroll", abstract: tr("Remove a second factor (its id from “mfa list”)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var id: String

  func execute() async throws {
    try await Output.run(output) {
      try await CLIContext(globals).auth.unenroll(id)
      if output.json { return Output.json(["unenrolled": id]) }
      Output.line(tr("Second factor removed."))
    }
  }
}
