/// Stable, Firebase-style error codes. The raw value is the public contract (CLI `--json`, docs).
public enum AuthErrorCode: String, Sendable, CaseIterable {
  // Configuration and request construction.
  case invalidConfiguration = "auth/invalid-configuration"
  case invalidProviderID = "auth/invalid-provider-id"
  case operationNotAllowed = "auth/operation-not-allowed"
  case invalidCustomParameter = "auth/invalid-custom-parameter"
  case insecureEndpoint = "auth/insecure-endpoint"
  /// What git handed `git-credential` is not git's credential format, or is too long.
  case invalidGitCredentialRequest = "auth/invalid-git-credential-request"
  // The redirect (RFC 6749 §4.1.2, RFC 5849 §2.2).
  case noPendingAuthorization = "auth/no-pending-authorization"
  case redirectURIMismatch = "auth/redirect-uri-mismatch"
  case invalidState = "auth/invalid-state"
  case webContextCancelled = "auth/web-context-cancelled"
  /// No redirect came within the sign-in's time limit.
  case timeout = "auth/timeout"
  /// The device grant's codes expired before the user approved (RFC 8628 §3.5 `expired_token`, or
  /// `expires_in` elapsed).
  case codeExpired = "auth/code-expired"
  case issuerMismatch = "auth/issuer-mismatch"
  case providerError = "auth/provider-error"
  // Talking to the provider.
  case networkRequestFailed = "auth/network-request-failed"
  case invalidProviderResponse = "auth/invalid-provider-response"
  case invalidCredential = "auth/invalid-credential"
  case invalidClient = "auth/invalid-client"
  case invalidIDToken = "auth/invalid-id-token"
  case missingOrInvalidNonce = "auth/missing-or-invalid-nonce"
  case userTokenExpired = "auth/user-token-expired"
  // The desktop around the flow.
  case browserUnavailable = "auth/browser-unavailable"
  case loopbackUnavailable = "auth/loopback-unavailable"
  /// A custom-scheme redirect needs the desktop's session bus to reach the waiting process.
  case sessionBusUnavailable = "auth/session-bus-unavailable"
  // The built-in provider emulator.
  case emulatorPortInUse = "auth/emulator-port-in-use"
  case emulatorUnavailable = "auth/emulator-unavailable"
  // Accounts (Firebase's rules).
  case accountExistsWithDifferentCredential = "auth/account-exists-with-different-credential"
  case credentialAlreadyInUse = "auth/credential-already-in-use"
  case providerAlreadyLinked = "auth/provider-already-linked"
  case emailAlreadyInUse = "auth/email-already-in-use"
  case noSuchProvider = "auth/no-such-provider"
  case lastSignInMethod = "auth/last-sign-in-method"
  case userMismatch = "auth/user-mismatch"
  case requiresRecentLogin = "auth/requires-recent-login"
  case weakPassword = "auth/weak-password"
  case wrongPassword = "auth/wrong-password"
  case userNotFound = "auth/user-not-found"
  case invalidEmail = "auth/invalid-email"
  case tooManyRequests = "auth/too-many-requests"
  case noCurrentUser = "auth/no-current-user"
  case noPendingCredential = "auth/no-pending-credential"
  // Several signed-in users (`Auth.chooseUser`).
  /// The account named (`--account`, `AUTH_DESKTOP_ACCOUNT`) is no signed-in user.
  case unknownAccount = "auth/unknown-account"
  /// The account named matches several signed-in users.
  case ambiguousAccount = "auth/ambiguous-account"
  /// The account a link or reauthentication was started for was signed out before its redirect came
  /// back: nothing was linked.
  case accountSignedOut = "auth/account-signed-out"
  // The apps' grants.
  /// The app named (`auth-desktop apps revoke APP`) holds no grant (on that account).
  case unknownApp = "auth/unknown-app"
  // A Firebase project (Identity Toolkit).
  /// The account was disabled in the project; the session ended.
  case userDisabled = "auth/user-disabled"
  /// The configuration's `api_key` is not a valid key.
  case invalidAPIKey = "auth/invalid-api-key"
  /// The API key's restrictions refuse this client (an app, referrer or API restriction).
  case appNotAuthorized = "auth/app-not-authorized"
  /// The configuration's `tenant_id` names no tenant of the project, or another than the session's.
  case invalidTenantID = "auth/invalid-tenant-id"
  /// The custom token is not one the project accepts: malformed, expired, or for another audience.
  case invalidCustomToken = "auth/invalid-custom-token"
  /// The custom token was signed by a service account of another project.
  case customTokenMismatch = "auth/custom-token-mismatch"
  /// A password-reset or email-verification code that is unknown, used, or of another kind.
  case invalidActionCode = "auth/invalid-action-code"
  /// A password-reset or email-verification code that expired.
  case expiredActionCode = "auth/expired-action-code"
  // A second factor (Identity Platform's TOTP).
  /// The first factor succeeded and the account has a second factor: the payload's `MultiFactorResolver`
  /// finishes the sign-in with a code.
  case multiFactorAuthRequired = "auth/multi-factor-auth-required"
  /// The TOTP code is wrong, used already, or missing.
  case invalidVerificationCode = "auth/invalid-verification-code"
  /// The first factor's pending credential (or the enrollment's session) is unknown or expired, or was
  /// given too many wrong codes: sign in again.
  case invalidMultiFactorSession = "auth/invalid-multi-factor-session"
  /// No second factor with that enrollment id.
  case multiFactorInfoNotFound = "auth/multi-factor-info-not-found"
  case maximumSecondFactorCountExceeded = "auth/maximum-second-factor-count-exceeded"
  /// A second factor needs a verified email first.
  case unverifiedEmail = "auth/unverified-email"
  /// This way of signing in cannot have a second factor (anonymous, custom tokens).
  case unsupportedFirstFactor = "auth/unsupported-first-factor"
  // Local storage.
  case secretStoreUnavailable = "auth/secret-store-unavailable"
  case storageFailure = "auth/storage-failure"
  case internalError = "auth/internal-error"
}
