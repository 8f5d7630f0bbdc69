import Foundation

/// Reads Identity Toolkit's second-factor answers, which come from the network: `mfaInfo[]` (of a
/// lookup, or of a first factor answering `mfaPendingCredential`) and `totpSessionInfo`.
enum MultiFactorAnswer {
  /// Longest id or name taken from an answer; longer ones are cut.
  static let maxField = 200

  /// `mfaInfo[]`: entries without an `mfaEnrollmentId` are skipped; the factor is `totp` for
  /// `totpInfo`, `phone` for `phoneInfo`, and skipped otherwise.
  static func factors(_ value: JSONValue?) -> [MultiFactorInfo] {
    (value?.array ?? []).prefix(20).compactMap { entry in
      guard let id = entry["mfaEnrollmentId"]?.string, !id.isEmpty else { return nil }
      let factor: String
      if entry["totpInfo"]?.object != nil {
        factor = MultiFactorInfo.totp
      } else if entry["phoneInfo"] != nil {
        factor = MultiFactorInfo.phone
      } else {
        return nil
      }
      return MultiFactorInfo(
        uid: clean(id), factorID: factor, displayName: entry["displayName"]?.string.map(clean),
        enrollmentDate: entry["enrolledAt"]?.string.flatMap(date))
    }
  }

  /// The resolver of a first factor's answer, when it carries `mfaPendingCredential`; nil otherwise.
  static func resolver(
    _ answer: JSONValue, firstFactor: String, credential: OAuthCredential? = nil,
    additionalUserInfo: AdditionalUserInfo? = nil, reauthenticating: String? = nil
  ) throws -> MultiFactorResolver? {
    guard let pending = answer["mfaPendingCredential"] else { return nil }
    guard let session = pending.string, !session.isEmpty else {
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, detail: "mfaPendingCredential is not a string")
    }
    let hints = factors(answer["mfaInfo"])
    guard !hints.isEmpty else {
      throw AuthError(.invalidProviderResponse, origin: .accountServer, detail: "mfaPendingCredential without mfaInfo")
    }
    return MultiFactorResolver(
      hints: hints, firstFactor: firstFactor, email: EmailAddress.normalize(answer["email"]?.string),
      session: MultiFactorSession(session), credential: credential, additionalUserInfo: additionalUserInfo,
      reauthenticating: reauthenticating)
  }

  /// `mfaEnrollment:start`'s `totpSessionInfo`.
  static func totpSecret(_ answer: JSONValue) throws -> TOTPSecret {
    let info = answer["totpSessionInfo"]
    guard let key = info?["sharedSecretKey"]?.string, !key.isEmpty, key.count <= 128,
      key.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("2"..."7").contains($0) || $0 == "=" }),
      let session = info?["sessionInfo"]?.string, !session.isEmpty
    else {
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, detail: "mfaEnrollment:start answered without a TOTP secret")
    }
    func number(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>) throws -> Int {
      guard let value = info?[name] else { return fallback }
      guard let number = value.number, number == number.rounded(), range.contains(Int(exactly: number) ?? -1) else {
        throw AuthError(
          .invalidProviderResponse, origin: .accountServer, detail: "totpSessionInfo.\(name) is out of range")
      }
      return Int(number)
    }
    let algorithm = info?["hashingAlgorithm"]?.string ?? "SHA1"
    guard ["SHA1", "SHA256", "SHA512"].contains(algorithm) else {
      throw AuthError(.invalidProviderResponse, origin: .accountServer, detail: "totpSessionInfo.hashingAlgorithm")
    }
    return TOTPSecret(
      sharedSecretKey: TOTPSharedSecret(key), codeLength: try number("verificationCodeLength", 6, 6...10),
      hashingAlgorithm: algorithm, periodSeconds: try number("periodSec", 30, 1...300),
      finalizeBy: info?["finalizeEnrollmentTime"]?.string.flatMap(date), sessionInfo: TOTPSessionInfo(session))
  }

  static func clean(_ text: String) -> String { String(OAuthErrorResponse.sanitized(text).prefix(maxField)) }

  /// RFC 3339 with or without fractional seconds.
  static func date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }
}

extension IdPRequest.Operation {
  /// The uid being reauthenticated, for a reauthentication.
  var reauthenticating: String? {
    if case .reauthenticate(let uid) = self { return uid }
    return nil
  }
}
