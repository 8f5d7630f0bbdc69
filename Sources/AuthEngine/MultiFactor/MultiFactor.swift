import Foundation

public enum MultiFactorSessionKind: SecretKind {}
public enum TOTPSharedSecretKind: SecretKind {}
public enum TOTPSessionInfoKind: SecretKind {}

/// Identity Toolkit's `mfaPendingCredential`: a first factor that succeeded, waiting for the second.
public typealias MultiFactorSession = Secret<MultiFactorSessionKind>
/// The TOTP shared secret (base 32), shown once to the user for the authenticator app.
public typealias TOTPSharedSecret = Secret<TOTPSharedSecretKind>
/// The `sessionInfo` of a TOTP enrollment under way.
public typealias TOTPSessionInfo = Secret<TOTPSessionInfoKind>

/// A second factor of the account (Firebase's `MultiFactorInfo`; Identity Toolkit's `mfaInfo[]`).
public struct MultiFactorInfo: Sendable, Equatable, Codable {
  /// Firebase's factor ids.
  public static let totp = "totp"
  public static let phone = "phone"

  /// The enrollment id (`mfaEnrollmentId`), for sign-in and `unenroll`.
  public let uid: String
  /// `totp`, or `phone` for an SMS factor enrolled elsewhere (this client signs in with TOTP only).
  public let factorID: String
  public let displayName: String?
  public let enrollmentDate: Date?

  public init(uid: String, factorID: String, displayName: String?, enrollmentDate: Date?) {
    self.uid = uid
    self.factorID = factorID
    self.displayName = displayName
    self.enrollmentDate = enrollmentDate
  }
}

/// A TOTP enrollment under way (Firebase's `TotpSecret`): the shared secret and its parameters, to
/// show as text and as an `otpauth://` QR code, until `Auth.finishTOTPEnrollment` is given a code.
public struct TOTPSecret: Sendable {
  /// Base 32, as authenticator apps take it typed in.
  public let sharedSecretKey: TOTPSharedSecret
  public let codeLength: Int
  /// `SHA1` for Identity Platform.
  public let hashingAlgorithm: String
  public let periodSeconds: Int
  /// When the enrollment must be finished.
  public let finalizeBy: Date?
  let sessionInfo: TOTPSessionInfo

  init(
    sharedSecretKey: TOTPSharedSecret, codeLength: Int, hashingAlgorithm: String, periodSeconds: Int,
    finalizeBy: Date?, sessionInfo: TOTPSessionInfo
  ) {
    self.sharedSecretKey = sharedSecretKey
    self.codeLength = codeLength
    self.hashingAlgorithm = hashingAlgorithm
    self.periodSeconds = periodSeconds
    self.finalizeBy = finalizeBy
    self.sessionInfo = sessionInfo
  }

  /// The Key Uri Format authenticator apps read from a QR code (Firebase's `generateQrCodeUrl`):
  /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=ISSUER&algorithm=SHA1&digits=6&period=30`. It holds the
  /// secret: show it, never log it.
  public func otpauthURI(accountName: String, issuer: String) -> String {
    let label = PercentEncoding.encode(issuer) + ":" + PercentEncoding.encode(accountName)
    return "otpauth://totp/\(label)?secret=\(sharedSecretKey.reveal())&issuer=\(PercentEncoding.encode(issuer))"
      + "&algorithm=\(hashingAlgorithm)&digits=\(codeLength)&period=\(periodSeconds)"
  }
}

/// `auth/multi-factor-auth-required`: the first factor succeeded and the account has a second one
/// (Firebase's `MultiFactorResolver`). `Auth.resolveSignIn(_:totpCode:enrollmentID:)` finishes the
/// sign-in with a code. It lives in memory only, as long as the error: nothing of it is stored.
public struct MultiFactorResolver: Sendable {
  /// The account's second factors (`hints`, as Firebase names them).
  public let hints: [MultiFactorInfo]
  /// The first factor: a provider id, or `password`.
  public let firstFactor: String
  /// The account's email, when the answer named it.
  public let email: String?
  let session: MultiFactorSession
  /// The provider's credential of the first factor, kept for the session once signed in.
  let credential: OAuthCredential?
  let additionalUserInfo: AdditionalUserInfo
  let reauthenticating: String?

  init(
    hints: [MultiFactorInfo], firstFactor: String, email: String?, session: MultiFactorSession,
    credential: OAuthCredential?, additionalUserInfo: AdditionalUserInfo?, reauthenticating: String?
  ) {
    self.hints = hints
    self.firstFactor = firstFactor
    self.email = email
    self.session = session
    self.credential = credential
    self.additionalUserInfo =
      additionalUserInfo ?? AdditionalUserInfo(providerID: firstFactor, profile: [:], username: nil)
    self.reauthenticating = reauthenticating
  }

  /// The factor a TOTP code is for: the first TOTP hint.
  public var totpFactor: MultiFactorInfo? { hints.first { $0.factorID == MultiFactorInfo.totp } }
}

extension AuthError {
  /// The resolver of `auth/multi-factor-auth-required`.
  public var multiFactorResolver: MultiFactorResolver? {
    if case .multiFactor(let resolver) = payload { return resolver }
    return nil
  }

  static func multiFactorRequired(_ resolver: MultiFactorResolver) -> AuthError {
    AuthError(
      .multiFactorAuthRequired, origin: .accountServer, payload: .multiFactor(resolver),
      detail: "the account has a second factor", providerID: resolver.firstFactor)
  }
}
