import Foundation

/// One provider sign-in in flight, as AppAuth's `OIDExternalUserAgentSession`: the pending request is
/// stored, the browser was asked to open its URL, and the session waits for the redirect. The shell
/// can `resume(with:)` it with a redirect the desktop delivered, `cancel()` it, or `await result()`.
///
/// It ends exactly once: with its redirect (the account operation of its intent, or that operation's
/// error), `cancel()`, its timeout (`auth/timeout`), or a loopback listener that fails. Once it ended
/// its pending request is unusable and its listener is closed.
public actor SignInSession {
  /// The pending request: its provider, intent, authorization URL ("copy link") and redirect URI.
  public nonisolated let pending: PendingAuthorization
  /// The signed-in user a link or reauthentication is for; nil: the current user when it completes.
  public nonisolated let accountUID: String?
  private let auth: Auth
  private var outcome = SessionOutcome()
  private var listener: (any BoundRedirectListener)?
  private var watchers: [Task<Void, Never>] = []

  init(pending: PendingAuthorization, auth: Auth, listener: (any BoundRedirectListener)?, accountUID: String?) {
    self.pending = pending
    self.accountUID = accountUID
    self.auth = auth
    self.listener = listener
  }

  /// Starts what ends the session without the shell: the loopback listener's redirect, and the timeout.
  func watch(timeout: Duration, clock: any AuthClock) {
    if let listener {
      watchers.append(
        Task { [weak self] in
          do {
            // A request that is not this session's redirect (another `state`) is refused, and the
            // listener waits on: a stray or forged request cannot take the redirect's place.
            while true {
              let url = try await listener.redirect()
              guard let self else { return }
              if await self.resume(with: url) { return }
              if await self.isFinished { return }
              await listener.refuse(url)
            }
          } catch let error as AuthError {
            await self?.end(.failure(error))
          } catch {
            await self?.end(.failure(AuthError(.loopbackUnavailable, origin: .redirect, detail: "\(error)")))
          }
        })
    }
    watchers.append(
      Task { [weak self] in
        guard (try? await clock.sleep(for: timeout)) != nil else { return }
        await self?.end(.failure(AuthError(.timeout, origin: .redirect, payload: .timeout(timeout))))
      })
  }

  /// AppAuth's `resumeExternalUserAgentFlow(with:)`: true when `url` is this session's redirect (its
  /// redirect URI, and its `state` or OAuth 1.0a token) — the session then completes with it, well or
  /// not. False for any other URL, or once the session ended: it keeps waiting, so a forged or stray
  /// redirect cannot end a sign-in.
  @discardableResult
  public func resume(with url: URL) async -> Bool {
    guard outcome.isWaiting, belongs(url) else { return false }
    _ = outcome.startCompleting()
    let result: Result<AuthDataResult, AuthError>
    do {
      result = .success(try await auth.apply(try await auth.authorization.resume(with: url), accountUID: accountUID))
    } catch let error as AuthError {
      result = .failure(error)
    } catch {
      result = .failure(AuthError(.internalError, origin: .redirect, detail: "\(type(of: error))"))
    }
    await finish(result)
    return true
  }

  /// Ends a waiting session (the user pressed Cancel): the pending request is deleted, so its `state`
  /// is unusable, and the listener closed; `result()` throws `auth/web-context-cancelled`. Too late
  /// once the redirect arrived: the session then ends with what that gives.
  public func cancel() async {
    await end(.failure(AuthError(.webContextCancelled, origin: .request, detail: "cancelled")))
  }

  /// Waits for the end: the `AuthDataResult` of the intent, or why it failed.
  public func result() async throws -> AuthDataResult {
    try await withCheckedThrowingContinuation { outcome.wait($0) }
  }

  /// Whether the session ended.
  public var isFinished: Bool { outcome.isFinished }

  /// Ends a session that still waits, without its redirect: the pending request goes first.
  private func end(_ result: Result<AuthDataResult, AuthError>) async {
    guard outcome.startCompleting() else { return }
    await auth.authorization.cancel(pendingID: pending.id)
    await finish(result)
  }

  private func finish(_ result: Result<AuthDataResult, AuthError>) async {
    outcome.settle(result)
    for watcher in watchers { watcher.cancel() }
    watchers = []
    await listener?.close(answering: Self.outcome(result))
    listener = nil
    outcome.resumeWaiters()
  }

  private func belongs(_ url: URL) -> Bool {
    guard RedirectMatching.matches(url, pending.redirectURI), let parameters = FormParameters.query(of: url) else {
      return false
    }
    return PendingAuthorizationRecord.ids(lookedUpBy: parameters).contains(pending.id)
  }

  /// The loopback page's outcome: nil when the session ended without a redirect.
  static func outcome(_ result: Result<AuthDataResult, AuthError>) -> RedirectOutcome? {
    switch result {
    case .success: return .signedIn
    // The provider's refusal comes back through the redirect (RFC 6749 §4.1.2.1, X's `denied`).
    case .failure(let error) where error.code == .webContextCancelled && error.origin == .redirect: return .declined
    case .failure(let error) where error.code == .webContextCancelled || error.code == .timeout: return nil
    case .failure: return .failed
    }
  }
}
