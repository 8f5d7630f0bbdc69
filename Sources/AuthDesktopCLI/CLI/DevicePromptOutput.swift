import AuthDesktopApp
import AuthEngine
import Foundation

/// The device sign-in prompt (RFC 8628 §3.3) on the command line. The first line of stdout is the
/// prompt: with `--json` `{"verificationURI", "userCode", "expiresIn"}` (and `verificationURIComplete`
/// when the provider sends one); otherwise a sentence with the address and the code, then a QR code of
/// the address to open on a phone. The user code is printed here and nowhere else.
enum DevicePromptOutput {
  static func show(_ prompt: DeviceAuthorizationPrompt, providerID: String, json asJSON: Bool) {
    if asJSON {
      Output.json(fields(prompt))
      return
    }
    let provider = ProviderTable.builtIn.displayName(for: providerID) ?? providerID
    Output.line(
      tr(
        "To sign in with {provider}, open {address} and enter the code {code}",
        ["provider": provider, "address": prompt.verificationURI.absoluteString, "code": prompt.userCode]))
    if let code = QRCode((prompt.verificationURIComplete ?? prompt.verificationURI).absoluteString) {
      Output.line("")
      for line in code.terminalLines() { Output.line(line) }
      Output.line("")
    }
    Output.errorLine(waiting(prompt.expiresIn))
  }

  /// The `--json` line.
  static func fields(_ prompt: DeviceAuthorizationPrompt) -> [String: Any?] {
    [
      "verificationURI": prompt.verificationURI.absoluteString, "userCode": prompt.userCode,
      "expiresIn": Int(prompt.expiresIn.components.seconds),
      "verificationURIComplete": prompt.verificationURIComplete?.absoluteString,
    ]
  }

  /// The line on stderr while the code waits: its lifetime in seconds under two minutes, else in minutes.
  static func waiting(_ expiresIn: Duration) -> String {
    let seconds = Int(expiresIn.components.seconds)
    guard seconds >= 120 else {
      return ntr(
        "Waiting for the sign-in to be approved; the code expires in {count} second.",
        "Waiting for the sign-in to be approved; the code expires in {count} seconds.", seconds)
    }
    return ntr(
      "Waiting for the sign-in to be approved; the code expires in {count} minute.",
      "Waiting for the sign-in to be approved; the code expires in {count} minutes.", seconds / 60)
  }
}
