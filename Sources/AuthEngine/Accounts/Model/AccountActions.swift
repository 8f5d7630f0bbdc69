import Foundation

public enum CustomTokenKind: SecretKind {}
/// A custom token your backend minted (the Admin SDK's `create_custom_token`): a JWT the Firebase
/// project verifies. The client sends it as it is and checks nothing itself.
public typealias CustomToken = Secret<CustomTokenKind>

public enum ActionCodeKind: SecretKind {}
/// The one-time code (`oobCode`) of a password-reset or email-verification email: whoever has it
/// may reset the password, so it is a secret.
public typealias ActionCode = Secret<ActionCodeKind>

/// `accounts:sendOobCode`: which email the Firebase project sends.
enum OobRequest: Sendable, Equatable {
  /// `PASSWORD_RESET` to this address.
  case passwordReset(email: String)
  /// `VERIFY_EMAIL` to the signed-in account `uid`'s address.
  case verifyEmail(uid: String)
}

/// What only a Firebase project does, and the local store refuses with `auth/operation-not-allowed`
/// (payload `.needsFirebase`): it has no mail server, and no backend signs tokens for it.
public enum FirebaseOnlyOperation: String, Sendable, Equatable {
  /// Password-reset and verification emails.
  case email
  /// Sign-in with a custom token.
  case customToken
  /// A second factor (TOTP, `mfa`).
  case secondFactor
}
