import Foundation

/// One device sign-in in flight (RFC 8628), in the shape of `SignInSession`: the shell shows `prompt`
/// (§3.3), then `cancel()`s or awaits `result()` while the session polls the provider (§3.4–§3.5).
///
/// It ends exactly once: with the user's approval (the account operation of its intent, applied as
/// after a redirect, or that operation's error), the user's refusal (`auth/web-context-cancelled`),
/// the codes' expiry (`auth/code-expired`), `cancel()` (`auth/web-context-cancelled`), its timeout
/// (`auth/timeout`), or a failed poll. Nothing of it is stored: once it ended, or its process died, no
/// trace of it hinders the next sign-in.
public actor DeviceSignInSession {
  /// The provider's id (`github.com`, `oidc.NAME`).
  public nonisolated let providerID: String
  public nonisolated let intent: SignInIntent
  /// The signed-in user a link or reauthentication is for; nil: the current user when it completes.
  public nonisolated let accountUID: String?
  /// What the user needs: the verification URI, the user code, when they expire.
  public nonisolated let prompt: DeviceAuthorizationPrompt
  private let grant: DeviceGrant
  private let auth: Auth
  private var outcome = SessionOutcome()
  private var tasks: [Task<Void, Never>] = []

  init(grant: DeviceGrant, auth: Auth, accountUID: String?) {
    self.accountUID = accountUID
    providerID = grant.provider.providerID
    intent = grant.intent
    prompt = grant.prompt
    self.grant = grant
    self.auth = auth
  }

  deinit {
    for task in tasks { task.cancel() }
  }

  /// Starts polling, and the timeout when there is one (otherwise the codes' expiry ends the wait).
  func start(timeout: Duration?, clock: any AuthClock) {
    let grant = grant
    tasks.append(
      Task { [weak self] in
        let tokens: TokenResponse
        do {
          tokens = try await grant.poll(clock: clock)
        } catch is CancellationError {
          return
        } catch {
          await self?.end(.failure(Self.authError(error, grant)))
          return
        }
        await self?.complete(with: tokens)
      })
    if let timeout {
      tasks.append(
        Task { [weak self] in
          guard (try? await clock.sleep(for: timeout)) != nil else { return }
          await self?.end(.failure(AuthError(.timeout, origin: .request, payload: .timeout(timeout))))
        })
    }
  }

  /// Ends a waiting session: no poll is sent after it, and `result()` throws
  /// `auth/web-context-cancelled`. Too late once the tokens arrived: the session then ends with what
  /// they give.
  public func cancel() async {
    await end(.failure(AuthError(.webContextCancelled, origin: .request, detail: "cancelled")))
  }

  /// Waits for the end: the `AuthDataResult` of the intent, or why it failed.
  public func result() async throws -> AuthDataResult {
    try await withCheckedThrowingContinuation { outcome.wait($0) }
  }

  /// Whether the session ended.
  public var isFinished: Bool { outcome.isFinished }

  private func complete(with tokens: TokenResponse) async {
    // Its own task runs this: cancelling the tasks now would cancel the work below. The timeout can no
    // longer end the session (`end` needs it waiting); `finish` cancels it.
    guard outcome.startCompleting() else { return }
    let result: Result<AuthDataResult, AuthError>
    do {
      let signIn = try await auth.authorization.finishDeviceAuthorization(grant, tokens: tokens)
      result = .success(try await auth.apply(signIn, accountUID: accountUID))
    } catch {
      result = .failure(Self.authError(error, grant))
    }
    finish(result)
  }

  private func end(_ result: Result<AuthDataResult, AuthError>) async {
    guard outcome.isWaiting else { return }
    finish(result)
  }

  private func finish(_ result: Result<AuthDataResult, AuthError>) {
    outcome.finish(result)
    for task in tasks { task.cancel() }
    tasks = []
  }

  private static func authError(_ error: any Error, _ grant: DeviceGrant) -> AuthError {
    guard let error = error as? AuthError else {
      return AuthError(
        .internalError, origin: .request, detail: "\(type(of: error))", providerID: grant.provider.providerID)
    }
    return error.completing(pendingID: nil, providerID: grant.provider.providerID)
  }
}
