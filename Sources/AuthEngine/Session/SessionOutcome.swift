/// How a sign-in session ends, exactly once (`SignInSession`, `DeviceSignInSession`): it waits, then
/// completes (its answer arrived and the account operation runs), then is finished with a result —
/// or goes from waiting straight to finished (cancel, timeout, a failure). Whoever asked for the
/// result before the end gets it then.
struct SessionOutcome {
  private enum Phase {
    case waiting
    case completing
    case finished(Result<AuthDataResult, AuthError>)
  }

  private var phase = Phase.waiting
  private var waiters: [CheckedContinuation<AuthDataResult, Error>] = []

  var isWaiting: Bool {
    if case .waiting = phase { return true }
    return false
  }

  var isFinished: Bool {
    if case .finished = phase { return true }
    return false
  }

  /// Leaves `waiting` for `completing`; false when the session no longer waits.
  mutating func startCompleting() -> Bool {
    guard isWaiting else { return false }
    phase = .completing
    return true
  }

  /// Hands `continuation` the result now if there is one, else when `finish` comes.
  mutating func wait(_ continuation: CheckedContinuation<AuthDataResult, Error>) {
    if case .finished(let result) = phase { return continuation.resume(with: result.mapError { $0 as Error }) }
    waiters.append(continuation)
  }

  /// Ends the session with `result` and hands it to whoever waits.
  mutating func finish(_ result: Result<AuthDataResult, AuthError>) {
    settle(result)
    resumeWaiters()
  }

  /// Ends the session with `result` (`isFinished` holds from here), leaving the waiters waiting until
  /// `resumeWaiters`: a session that still has to close something first.
  mutating func settle(_ result: Result<AuthDataResult, AuthError>) {
    phase = .finished(result)
  }

  mutating func resumeWaiters() {
    guard case .finished(let result) = phase else { return }
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume(with: result.mapError { $0 as Error }) }
  }
}
