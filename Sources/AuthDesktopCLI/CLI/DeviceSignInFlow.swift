import AuthDesktopApp
import AuthEngine
import Foundation

/// One device sign-in from the command line (RFC 8628, `sign-in PROVIDER --device`): the engine's
/// `DeviceSignInSession`, its prompt as the first line of stdout, then the wait. Ctrl+C or SIGTERM
/// cancels the session; it stored nothing, so nothing stays behind.
struct DeviceSignInFlow {
  let context: CLIContext
  let json: Bool
  /// Seconds; nil waits until the code expires.
  let timeout: TimeInterval?

  /// `account`: the signed-in user a link or reauthentication is for.
  func run(_ provider: OAuthProvider, intent: SignInIntent, account: String?) async throws -> AuthDataResult {
    let session = try await context.auth.startDeviceSignIn(
      provider, intent: intent, account: account,
      timeout: timeout.map { .milliseconds(Int64(($0 * 1000).rounded())) })
    let interruption = await InterruptionTrap { await session.cancel() }
    defer { interruption.release() }
    DevicePromptOutput.show(session.prompt, providerID: provider.providerID, json: json)
    return try await interruption.guarding { try await session.result() }
  }
}
