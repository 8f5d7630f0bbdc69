import Foundation

extension AuthError {
  /// What an error carries, by cause. Each case is data an app can word without reading `detail`:
  /// a file and a key, a port, an email address, the provider's own error, a duration.
  public enum Payload: Sendable {
    /// The code says it all.
    case none
    /// A setting is wrong: where (file, table, key) and what is wrong.
    case configuration(ConfigurationIssue)
    /// A scope or custom parameter of the request cannot be used.
    case customParameter(CustomParameterProblem)
    /// `auth/account-exists-with-different-credential`.
    case accountConflict(AccountConflict)
    /// `auth/credential-already-in-use` (holds a credential: see `CredentialInUse`).
    case credentialInUse(CredentialInUse)
    /// `auth/email-already-in-use`: the address another account has.
    case emailInUse(String)
    /// The provider answered with an RFC 6749 §5.2 / §4.1.2.1 error.
    case providerError(OAuthErrorResponse)
    /// The provider answered with this unexpected HTTP status (RFC 9110 §15).
    case httpStatus(Int)
    /// No HTTP answer arrived.
    case network(NetworkFailure)
    /// Nothing came back within this time (the sign-in's redirect).
    case timeout(Duration)
    /// A port on 127.0.0.1 could not be used.
    case port(PortIssue)
    /// The redirect does not belong to a usable pending sign-in (RFC 6749 §10.12 `state`, RFC 5849
    /// §2.2 `oauth_token`).
    case state(StateProblem)
    /// The password cannot be used.
    case password(PasswordProblem)
    /// A local file or folder cannot be used.
    case storage(StorageIssue)
    /// The secret store cannot be used.
    case secretStore(SecretStoreProblem)
    /// Identity Toolkit (a Firebase project) answered with this error.
    case accountServer(AccountServerError)
    /// Only a Firebase project does this; the local store refuses it (`auth/operation-not-allowed`).
    case needsFirebase(FirebaseOnlyOperation)
    /// `auth/multi-factor-auth-required`: what finishes the sign-in (holds the pending credential).
    case multiFactor(MultiFactorResolver)
    /// `auth/unknown-account`, `auth/ambiguous-account`: the name, where it came from, the candidates.
    case accountSelection(AccountSelectionProblem)
    /// `auth/unknown-app`: the app named and the apps that hold grants.
    case appSelection(AppSelectionProblem)
  }
}

/// `auth/account-exists-with-different-credential`: an account with this email exists and signs in
/// otherwise. The provider's credential is kept for `linkPendingCredential()` (10 minutes).
public struct AccountConflict: Sendable, Equatable {
  /// The email address the existing account has.
  public let email: String
  /// The provider whose credential waits to be linked.
  public let providerID: String
  /// How the existing account signs in: provider ids, or `password`.
  public let signInMethods: [String]

  public init(email: String, providerID: String, signInMethods: [String]) {
    self.email = email
    self.providerID = providerID
    self.signInMethods = signInMethods
  }
}

/// An error answer of Identity Toolkit, the account server of a Firebase project (docs/firebase.md,
/// "Identity Toolkit answers and their codes": one row per server string).
public struct AccountServerError: Sendable, Equatable {
  /// The server's error string without its detail: `EMAIL_EXISTS`, `OPERATION_NOT_ALLOWED`,
  /// `API_KEY_INVALID`, `UNAVAILABLE` (sanitized, at most 100 characters).
  public let message: String
  /// The HTTP status (200 for the failures Identity Toolkit sends as HTTP 200).
  public let status: Int

  public init(message: String, status: Int) {
    self.message = String(OAuthErrorResponse.sanitized(message).prefix(100))
    self.status = status
  }
}

/// `auth/credential-already-in-use`: the provider account belongs to another user.
///
/// This is the one error payload that holds a credential (Firebase's `updatedCredential`): the app may
/// sign in with it instead of linking. Its tokens are `Secret` values, which print and reflect as
/// `[redacted]` and are not `Equatable`; the credential lives only as long as the error.
public struct CredentialInUse: Sendable {
  /// The provider account's email address, when the provider gave one.
  public let email: String?
  public let providerID: String
  /// The credential that could not be linked.
  public let credential: OAuthCredential

  public init(email: String?, providerID: String, credential: OAuthCredential) {
    self.email = email
    self.providerID = providerID
    self.credential = credential
  }
}

/// A scope or custom parameter that cannot be sent.
public enum CustomParameterProblem: Sendable, Equatable {
  /// The sign-in flow sets this parameter itself.
  case reserved(name: String)
  /// The scope is empty or holds a space, `"` or `\` (RFC 6749 §3.3).
  case invalidScope(String)
  /// A `NAME=VALUE` argument without its `=`.
  case malformed(String)
}

/// Why a redirect matches no usable pending sign-in.
public enum StateProblem: Sendable, Equatable {
  /// The redirect carries no `state` (or OAuth 1.0a `oauth_token`).
  case missing
  /// The query cannot be read.
  case malformedQuery
  /// A protocol parameter appears more than once.
  case repeatedParameter(String)
  /// Unknown here, or already used.
  case unknown
  /// Used already (pending requests are single-use).
  case alreadyUsed
  /// The pending sign-in expired.
  case expired
  /// OAuth 1.0a: the callback's `oauth_token` is not this sign-in's request token.
  case tokenMismatch
}

/// Why a password cannot be used.
public enum PasswordProblem: Sendable, Equatable {
  /// None was given.
  case missing
  /// Shorter than `minimumLength` characters.
  case tooShort(minimumLength: Int)
}

/// A port on 127.0.0.1 that could not be used.
public struct PortIssue: Sendable, Equatable {
  public enum Problem: Sendable, Equatable {
    /// Another program listens there.
    case inUse
    /// Something answers there, but not as what was expected (the provider emulator).
    case answeredByAnotherProgram
    /// Nothing answers there.
    case nothingAnswers
    /// The system refused to listen there (no socket, or a port below 1024).
    case cannotListen
  }

  /// The port; nil when the system was to choose one.
  public let port: UInt16?
  public let problem: Problem

  public init(port: UInt16?, problem: Problem) {
    self.port = port
    self.problem = problem
  }
}

/// A local file or folder that could not be used.
public struct StorageIssue: Sendable, Equatable {
  public enum Problem: Sendable, Equatable {
    case cannotCreate
    case cannotOpen
    case cannotRead
    case cannotWrite
    /// The file's contents cannot be read as what it should hold; when `keptAs` is set it was moved
    /// there (never deleted).
    case invalidContents(keptAs: String?)
  }

  public let path: String
  public let problem: Problem

  public init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }
}

/// Why the secret store cannot be used.
public enum SecretStoreProblem: Sendable, Equatable {
  /// The keyring is locked, or its unlock prompt was dismissed.
  case locked
  /// The keyring collection does not exist.
  case missingCollection
  /// No Secret Service provider (`org.freedesktop.secrets`) runs or can be started.
  case noProvider
  /// No D-Bus session bus is reachable.
  case noSessionBus
  /// The Secret Service did not answer in time.
  case noAnswer
  /// The Secret Service refused access.
  case accessDenied
  /// The request was cancelled.
  case cancelled
  /// The Secret Service answered but did not keep the item.
  case notStored
  /// The Secret Service failed otherwise.
  case failed
  /// The file store cannot write in this folder.
  case folderNotWritable(String)
}

/// No HTTP answer arrived from `host`.
public struct NetworkFailure: Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    case timedOut(after: Duration)
    case connectionRefused
    case hostNotFound
    case secureConnectionFailed
    case offline
    /// Something answered, but not in HTTP.
    case notHTTP
    case other
  }

  /// The host asked; nil when unknown.
  public let host: String?
  public let reason: Reason

  public init(host: String?, reason: Reason) {
    self.host = host
    self.reason = reason
  }
}

/// RFC 6749 §5.2 error response (also §4.1.2.1 on the redirect).
public struct OAuthErrorResponse: Sendable, Equatable {
  public let error: String
  public let errorDescription: String?
  public let errorURI: String?

  public init(error: String, errorDescription: String? = nil, errorURI: String? = nil) {
    self.error = OAuthErrorResponse.sanitized(error)
    self.errorDescription = errorDescription.map(OAuthErrorResponse.sanitized)
    self.errorURI = errorURI.map(OAuthErrorResponse.sanitized)
  }

  /// RFC 6749 restricts these fields to printable ASCII without `"` and `\`; anything else (and
  /// anything long) is cut so a hostile provider cannot inject terminal escapes or huge text.
  static func sanitized(_ text: String) -> String {
    let allowed = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value <= 0x7E && $0 != "\"" && $0 != "\\" }
    return String(String.UnicodeScalarView(allowed.prefix(200)))
  }
}
