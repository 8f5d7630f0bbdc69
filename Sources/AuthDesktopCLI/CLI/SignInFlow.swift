import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// One provider sign-in from the command line: the engine's `SignInSession`, with the redirect coming
/// back to this process — through the loopback listener, or, for the custom scheme, through this
/// process's `RedirectInbox` on the session bus (the desktop starts `auth-desktop URI`, which finds
/// this process through `RedirectRoutes` and forwards it here). Ctrl+C or SIGTERM cancels the session, so nothing it began stays usable.
struct SignInFlow {
  let context: CLIContext
  let json: Bool
  let openBrowser: Bool
  /// The redirect `SignInRedirect` chose.
  let mode: RedirectMode
  let timeout: TimeInterval

  /// Nil when it returned without waiting (`--no-wait`: another process completes the redirect).
  /// `account`: the signed-in user a link or reauthentication is for.
  func run(_ provider: OAuthProvider, intent: SignInIntent, account: String?, wait: Bool) async throws
    -> AuthDataResult?
  {
    let auth = context.auth
    let browser = CommandLineBrowser(openBrowser: openBrowser, json: json)
    guard wait else {
      guard mode != .loopback else {
        throw AuthError.configuration(
          ConfigurationIssue(
            file: context.configuration.source, table: ConfigurationIssue.providerTable(provider.providerID),
            key: "redirect", problem: .unusableRedirectMode(.loopback)),
          origin: .request, detail: "sign-in --no-wait", providerID: provider.providerID)
      }
      let session = try await auth.startSignIn(
        provider, intent: intent, account: account, browser: browser, redirect: .scheme(receiver: nil),
        timeout: .seconds(timeout))
      if json {
        Output.json([
          "pendingId": session.pending.id, "expiresAt": ISO8601DateFormatter().string(from: session.pending.expiresAt),
        ])
      }
      return nil
    }
    let appID = AppIdentity.authDesktop.applicationID
    let inbox = mode != .loopback ? try await RedirectInbox.open(appID: appID) : nil
    // So that `auth-desktop URI`, started with no options, finds this process whatever its store.
    if inbox != nil { await RedirectRoutes.serve(auth, appID: appID) }
    let source: RedirectSource =
      inbox.map { .scheme(receiver: $0.busName) } ?? .loopback(SoupRedirectListener(pages: .translated))
    // The trap is set before the sign-in starts: with `--no-browser` its link is printed while it starts,
    // and a Ctrl+C after the link must end it (a signal that comes before the trap is set is lost). One
    // during the start cancels the session once it exists.
    let started = OnceValue<SignInSession?>()
    let interruption = await InterruptionTrap { await started.value?.cancel() }
    defer { interruption.release() }
    do {
      let session: SignInSession
      do {
        session = try await interruption.guarding {
          try await auth.startSignIn(
            provider, intent: intent, account: account, browser: browser, redirect: source,
            timeout: .seconds(timeout))
        }
        started.set(session)
      } catch {
        started.set(nil)
        throw error
      }
      let forwarding = inbox.map { inbox in
        Task { for await url in inbox.redirects where await session.resume(with: url) { return } }
      }
      defer { forwarding?.cancel() }
      let result = try await interruption.guarding { try await session.result() }
      await inbox?.close()
      return result
    } catch {
      await inbox?.close()
      throw error
    }
  }
}

/// The command line's browser: the desktop's default one (`GioBrowserLauncher`), or none with
/// `--no-browser`. When none opens, the link is printed as the first line of stdout (with `--json`,
/// `{"authorizationURL": …}`) and the sign-in goes on waiting.
struct CommandLineBrowser: BrowserLauncher {
  let openBrowser: Bool
  let json: Bool

  func open(_ url: URL) async throws {
    if openBrowser {
      do {
        try await GioBrowserLauncher().open(url)
        if !json { Output.errorLine(tr("Continue in your browser…")) }
        return
      } catch let error as AuthError where error.code == .browserUnavailable {
        Output.errorLine("auth-desktop: \(UserFacingError(error, for: .commandLine).body)")
      }
    }
    if json {
      Output.json(["authorizationURL": url.absoluteString])
    } else {
      Output.line(url.absoluteString)
    }
  }
}
