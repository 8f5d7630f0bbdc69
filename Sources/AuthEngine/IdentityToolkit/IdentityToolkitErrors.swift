import Foundation

/// Identity Toolkit's error answers as `AuthError`s with the codes the local store uses (docs/firebase.md,
/// "Identity Toolkit answers and their codes", one row per server string). The wire format is
/// `{"error": {"code", "message": "CODE : detail", "errors": [{"reason"}], "status", "details"}}`;
/// the code is the message up to ` : ` (as the iOS SDK splits it at the first colon).
enum IdentityToolkitErrors {
  /// Server strings → codes.
  static let codes: [String: AuthErrorCode] = [
    "EMAIL_EXISTS": .emailAlreadyInUse,
    "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": .requiresRecentLogin,
    "INVALID_LOGIN_CREDENTIALS": .wrongPassword,
    "INVALID_PASSWORD": .wrongPassword,
    "EMAIL_NOT_FOUND": .userNotFound,
    "USER_NOT_FOUND": .userNotFound,
    "WEAK_PASSWORD": .weakPassword,
    "TOO_MANY_ATTEMPTS_TRY_LATER": .tooManyRequests,
    "QUOTA_EXCEEDED": .tooManyRequests,
    "OPERATION_NOT_ALLOWED": .operationNotAllowed,
    "PASSWORD_LOGIN_DISABLED": .operationNotAllowed,
    "ADMIN_ONLY_OPERATION": .operationNotAllowed,
    "INVALID_IDP_RESPONSE": .invalidCredential,
    "INVALID_PENDING_TOKEN": .invalidCredential,
    "INVALID_CREDENTIAL_OR_PROVIDER_ID": .invalidCredential,
    "MISSING_OR_INVALID_NONCE": .missingOrInvalidNonce,
    "INVALID_PROVIDER_ID": .invalidProviderID,
    "INVALID_EMAIL": .invalidEmail,
    "INVALID_IDENTIFIER": .invalidEmail,
    "MISSING_EMAIL": .invalidEmail,
    "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
    "USER_DISABLED": .userDisabled,
    "TOKEN_EXPIRED": .userTokenExpired,
    "INVALID_ID_TOKEN": .userTokenExpired,
    "INVALID_REFRESH_TOKEN": .userTokenExpired,
    "USER_TOKEN_EXPIRED": .userTokenExpired,
    "TENANT_ID_MISMATCH": .invalidTenantID,
    "TENANT_NOT_FOUND": .invalidTenantID,
    "INVALID_TENANT_ID": .invalidTenantID,
    "INVALID_CUSTOM_TOKEN": .invalidCustomToken,
    "MISSING_CUSTOM_TOKEN": .invalidCustomToken,
    "CREDENTIAL_MISMATCH": .customTokenMismatch,
    "INVALID_OOB_CODE": .invalidActionCode,
    "MISSING_OOB_CODE": .invalidActionCode,
    "EXPIRED_OOB_CODE": .expiredActionCode,
    "RESET_PASSWORD_EXCEED_LIMIT": .tooManyRequests,
    "INVALID_CODE": .invalidVerificationCode,
    "MISSING_CODE": .invalidVerificationCode,
    "INVALID_MFA_PENDING_CREDENTIAL": .invalidMultiFactorSession,
    "MISSING_MFA_PENDING_CREDENTIAL": .invalidMultiFactorSession,
    "INVALID_SESSION_INFO": .invalidMultiFactorSession,
    "MISSING_SESSION_INFO": .invalidMultiFactorSession,
    "SESSION_EXPIRED": .invalidMultiFactorSession,
    "MFA_ENROLLMENT_NOT_FOUND": .multiFactorInfoNotFound,
    "MISSING_MFA_ENROLLMENT_ID": .multiFactorInfoNotFound,
    "SECOND_FACTOR_LIMIT_EXCEEDED": .maximumSecondFactorCountExceeded,
    "UNVERIFIED_EMAIL": .unverifiedEmail,
    "UNSUPPORTED_FIRST_FACTOR": .unsupportedFirstFactor,
  ]
  /// Google API key errors (`details[].reason` of an `ErrorInfo`, or the legacy `errors[].reason`).
  static let keyInvalid: Set<String> = ["API_KEY_INVALID", "API_KEY_EXPIRED", "keyInvalid", "keyExpired"]
  static let keyRestricted: Set<String> = [
    "API_KEY_SERVICE_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED", "API_KEY_IP_ADDRESS_BLOCKED",
    "API_KEY_ANDROID_APP_BLOCKED", "API_KEY_IOS_APP_BLOCKED", "ipRefererBlocked", "accessNotConfigured",
  ]

  /// The error of a non-2xx answer.
  static func error(status: Int, body: Data) -> AuthError {
    let error = JSONValue.parse(body)?["error"]
    let message = error?["message"]?.string ?? ""
    let reasons = Set(
      (error?["details"]?.array ?? []).compactMap { $0["reason"]?.string }
        + (error?["errors"]?.array ?? []).compactMap { $0["reason"]?.string })
    if status >= 500 || (error == nil && status != 400 && status != 403) {
      let name = error?["status"]?.string ?? message
      return AuthError(
        .networkRequestFailed, origin: .accountServer,
        payload: .accountServer(AccountServerError(message: name.isEmpty ? "HTTP \(status)" : name, status: status)),
        detail: "Identity Toolkit answered HTTP \(status)")
    }
    if !reasons.isDisjoint(with: keyInvalid) || message.hasPrefix("API key not valid")
      || message.contains("missing a valid API key")
    {
      return server(.invalidAPIKey, "API_KEY_INVALID", status: status)
    }
    if let reason = reasons.first(where: keyRestricted.contains) {
      return server(.appNotAuthorized, reason, status: status)
    }
    return Self.error(message: message, status: status)
  }

  /// The error named by `message` (`CODE` or `CODE : detail`), of an error answer or of a HTTP 200
  /// answer's `errorMessage`.
  static func error(message: String, status: Int) -> AuthError {
    let (code, detail) = split(message)
    guard let mapped = codes[code] else {
      return server(.internalError, code, status: status, detail: "Identity Toolkit answered \(code)")
    }
    if mapped == .weakPassword {
      let minimum = detail.flatMap(minimumLength) ?? 6
      return AuthError(
        .weakPassword, origin: .accountServer, payload: .password(.tooShort(minimumLength: minimum)),
        detail: "Identity Toolkit answered WEAK_PASSWORD")
    }
    return server(mapped, code, status: status)
  }

  static func server(_ code: AuthErrorCode, _ message: String, status: Int, detail: String? = nil) -> AuthError {
    AuthError(
      code, origin: .accountServer, payload: .accountServer(AccountServerError(message: message, status: status)),
      detail: detail ?? "Identity Toolkit answered \(OAuthErrorResponse.sanitized(message))")
  }

  /// `CODE : detail` → (`CODE`, `detail`).
  static func split(_ message: String) -> (String, String?) {
    guard let range = message.range(of: ":") else { return (message.trimmingCharacters(in: .whitespaces), nil) }
    return (
      message[..<range.lowerBound].trimmingCharacters(in: .whitespaces),
      message[range.upperBound...].trimmingCharacters(in: .whitespaces)
    )
  }

  /// "Password should be at least 6 characters" → 6.
  static func minimumLength(_ detail: String) -> Int? {
    detail.split(separator: " ").compactMap { Int($0) }.first
  }
}
