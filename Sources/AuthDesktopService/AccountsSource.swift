import AuthDesktopKit
import AuthEngine

/// What the `Accounts1` methods answer from (`AccountsService.Options.accounts`): the window's accounts,
/// not yet, or why there are none. The window's process says which (`WindowService`).
public enum AccountsSource: Sendable {
  /// The window's `Auth`.
  case open(Auth)
  /// The store is still opening: a call waits for it, up to `Options.storeWait`.
  case opening
  /// The window settled on its start-up error page (a broken configuration, the emulator's port taken, a
  /// store that cannot be opened): the code of the error it shows. A call fails at once, in words that
  /// send the user to the window (`ServiceError.NoAccounts`).
  case unavailable(AuthErrorCode)
}

extension ServiceError.NoAccounts {
  /// What the start-up error page's code tells the asking app's user.
  public init(_ code: AuthErrorCode) {
    switch code {
    case .invalidConfiguration, .insecureEndpoint: self = .configuration
    case .storageFailure, .secretStoreUnavailable: self = .store
    default: self = .start
    }
  }
}

extension AccountsService {
  /// The window's `Auth`. A store that is still opening is waited for, up to `storeWait`; a window on its
  /// start-up error page is answered at once, with why (`AccountsSource.unavailable`).
  func requireAuth() async throws -> Auth {
    guard let accounts = options.accounts else { throw ServiceError.failed(.notAvailable) }
    let deadline = ContinuousClock.now + options.storeWait
    while true {
      switch await accounts() {
      case .open(let auth): return auth
      case .unavailable(let code):
        DesktopAuth.logger().debug("no store to answer from: the window is on its error page (\(code.rawValue))")
        throw ServiceError.failed(.noAccounts(ServiceError.NoAccounts(code)))
      case .opening:
        guard ContinuousClock.now < deadline else {
          DesktopAuth.logger().debug("no store to answer from after \(options.storeWait)")
          throw ServiceError.failed(.noAccounts(.opening))
        }
        try await Task.sleep(for: .milliseconds(20))
      }
    }
  }
}
