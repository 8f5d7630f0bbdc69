import AuthDesktopApp

/// The service's D-Bus errors, `dev.authdesktop.AuthDesktop.Error.NAME`, each with a message in the app's
/// words (translated into the service's language). Bus-level problems keep D-Bus's own names: an unknown
/// method is `org.freedesktop.DBus.Error.UnknownMethod`, arguments of the wrong type
/// `org.freedesktop.DBus.Error.InvalidArgs` (GDBus checks both against the introspection data).
public enum ServiceError: Error, Sendable, Equatable {
  /// Another user's process, or a caller naming another caller's session or request.
  case accessDenied(Reason)
  /// The app has no grant for the account.
  case notGranted
  case invalidArgument(Argument)
  case noSuchAccount
  case failed(Failure)

  public enum Reason: Sendable, Equatable { case otherUser, notYourSession, unknownCaller }
  public enum Argument: Sendable, Equatable {
    case noSuchSession, sessionInUse, url, redirectOfAnotherURI, parentWindow, option(String), tooLong(String)
    case tokenInUse
    /// A provider AuthDesktop is not set up for; a scope that is not a scope; more than 32 of them.
    case provider, scope, tooManyScopes
    /// Scopes asked of a provider that has none (X's OAuth 1.0a sign-in), named by its id.
    case noScopes(String)
  }
  /// `notAvailable`: what this service does not offer (an unknown method, `Accounts1` without accounts).
  public enum Failure: Sendable, Equatable {
    case cannotListen, tooManySessions, notAvailable, noToken
    case noAccounts(NoAccounts)
  }
  /// Why the window's process has no accounts to answer from (`AccountsSource`): it is on its start-up
  /// error page for its configuration, its store, or anything else that stopped its start; or its store
  /// was still opening when the call stopped waiting.
  public enum NoAccounts: Sendable, Equatable { case configuration, store, start, opening }

  public var name: String {
    let suffix: String
    switch self {
    case .accessDenied: suffix = "AccessDenied"
    case .notGranted: suffix = "NotGranted"
    case .invalidArgument: suffix = "InvalidArgument"
    case .noSuchAccount: suffix = "NoSuchAccount"
    case .failed: suffix = "Failed"
    }
    return AccountsBus.errorPrefix + suffix
  }

  public var message: String {
    switch self {
    case .accessDenied(.otherUser): return tr("AuthDesktop answers only the programs of the user it runs for.")
    case .accessDenied(.notYourSession): return tr("This sign-in belongs to another app.")
    case .accessDenied(.unknownCaller): return tr("AuthDesktop could not tell which app is asking.")
    case .notGranted: return tr("This app may not use that account. Ask again so that you can allow it.")
    case .noSuchAccount: return tr("There is no such account in AuthDesktop.")
    case .invalidArgument(let argument): return Self.message(argument)
    case .failed(.cannotListen): return tr("AuthDesktop could not listen for the sign-in on this computer.")
    case .failed(.tooManySessions): return tr("This app has too many sign-ins open. Close one and try again.")
    case .failed(.notAvailable): return tr("AuthDesktop does not offer this yet.")
    case .failed(.noAccounts(let why)): return Self.message(why)
    case .failed(.noToken):
      return tr("AuthDesktop could not get a token for this account. Sign in to it again in AuthDesktop.")
    }
  }

  private static func message(_ why: NoAccounts) -> String {
    switch why {
    case .configuration:
      return tr("AuthDesktop cannot use your accounts: its configuration has a problem. Open AuthDesktop to see it.")
    case .store:
      return tr(
        "AuthDesktop cannot use your accounts: it could not open where they are kept. Open AuthDesktop to see why.")
    case .start: return tr("AuthDesktop cannot use your accounts: it could not start. Open AuthDesktop to see why.")
    case .opening: return tr("AuthDesktop is still opening your accounts. Try again in a moment.")
    }
  }

  private static func message(_ argument: Argument) -> String {
    switch argument {
    case .noSuchSession: return tr("There is no such sign-in session. Create one first.")
    case .sessionInUse: return tr("This sign-in session is already in use. Create another one.")
    case .url:
      return tr("AuthDesktop opens only https addresses, or http on this computer (127.0.0.1 or localhost).")
    case .redirectOfAnotherURI: return tr("The address sends the sign-in somewhere other than this session.")
    case .parentWindow: return tr("The window to show the question over is not valid.")
    case .option(let name): return tr("The option {option} is not valid.", ["option": name])
    case .tooLong(let name): return tr("The value of {argument} is too long.", ["argument": name])
    case .tokenInUse: return tr("A request with this handle token is already waiting.")
    case .provider: return tr("AuthDesktop is not set up for this provider.")
    case .scope: return tr("A scope is empty, too long, or has a character a scope may not have.")
    case .tooManyScopes: return tr("An app may ask for at most 32 scopes at once.")
    case .noScopes(let provider):
      return tr("{provider} takes no scopes. Ask for the account without any.", ["provider": provider])
    }
  }
}
