import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

/// Drives one provider sign-in from the command line: the custom-scheme redirect (completed by
/// whichever process receives it; this one waits for the recorded outcome) or the loopback redirect
/// (received and completed here).
struct SignInFlow {
  let context: CLIContext
  let json: Bool
  let openBrowser: Bool
  let timeout: TimeInterval

  /// Nil when it returned without waiting (`--no-wait`).
  func run(_ provider: OAuthProvider, intent: Auth.Intent, wait: Bool) async throws -> AuthDataResult? {
    let auth = context.auth
    let redirect = try await auth.providers.redirectURI(for: provider.providerID)
    if redirect.mode == .loopback {
      guard wait else {
        throw AuthError.configuration(
          ConfigurationIssue(
            file: context.configuration.source, table: ConfigurationIssue.providerTable(provider.providerID),
            key: "redirect", problem: .unusableRedirectMode(.loopback)),
          origin: .request, detail: "sign-in --no-wait", providerID: provider.providerID)
      }
      let bound = try await SoupRedirectListener().bind(path: redirect.uri.path)
      do {
        let pending = try await auth.providers.begin(
          provider, intent: intent.rawValue, loopbackRedirectURI: bound.redirectURI)
        try await present(pending)
        let url = try await withTimeout(pending) { try await bound.redirect() }
        await bound.close()
        return try await auth.completeRedirect(url)
      } catch {
        await bound.close()
        throw error
      }
    }
    let pending = try await auth.providers.begin(provider, intent: intent.rawValue)
    try await present(pending)
    guard wait else {
      if json {
        Output.json(["pendingId": pending.id, "expiresAt": ISO8601DateFormatter().string(from: pending.expiresAt)])
      }
      return nil
    }
    let outcome = try await withTimeout(pending) { try await poll(pending.id) }
    if let code = outcome.code {
      throw AuthError(
        AuthErrorCode(rawValue: code) ?? .internalError, origin: .request,
        detail: outcome.message ?? "completed by another process", providerID: provider.providerID)
    }
    guard let user = try await auth.currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    return AuthDataResult(user: user, credential: nil, additionalUserInfo: nil)
  }

  /// Opens the browser, or prints the URL as the first line of stdout (`--no-browser`, or no browser).
  func present(_ pending: PendingAuthorization) async throws {
    if openBrowser {
      do {
        try await GioBrowserLauncher().open(pending.authorizationURL)
        if !json { Output.errorLine("Continue in your browser…") }
        return
      } catch let error as AuthError where error.code == .browserUnavailable {
        Output.errorLine("auth-desktop: \(UserFacingError(error, for: .commandLine).body)")
      }
    }
    if json {
      Output.json(["authorizationURL": pending.authorizationURL.absoluteString])
    } else {
      Output.line(pending.authorizationURL.absoluteString)
    }
  }

  func poll(_ pendingID: String) async throws -> Auth.Outcome {
    while true {
      if let outcome = try await context.auth.outcome(of: pendingID) { return outcome }
      try await Task.sleep(for: .milliseconds(200))
    }
  }

  /// Runs `body` until `timeout`; on timeout the pending sign-in is cancelled.
  func withTimeout<T: Sendable>(_ pending: PendingAuthorization, _ body: @escaping @Sendable () async throws -> T)
    async throws -> T
  {
    let seconds = timeout
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      if let first = try await group.next(), let value = first { return value }
      await context.auth.providers.cancel(pendingID: pending.id)
      throw AuthError(.webContextCancelled, origin: .request, payload: .timeout(.seconds(seconds)))
    }
  }
}
