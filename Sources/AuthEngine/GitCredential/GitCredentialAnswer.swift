import Foundation

/// A helper's answer to git's `get` (git-credential(1)): `username`, `password` and, when the token
/// expires, `password_expiry_utc` (seconds since the epoch; git drops a credential whose time has
/// passed and asks its next helper). It holds the token only on its way to standard output.
public struct GitCredentialAnswer: Sendable, CustomStringConvertible {
  public var username: String
  public var password: AccessToken
  public var expiresAt: Date?

  public init(username: String, password: AccessToken, expiresAt: Date?) {
    self.username = username
    self.password = password
    self.expiresAt = expiresAt
  }

  /// The name answered when git's URL names none: the account's login at the provider (GitHub's
  /// login, as `gh auth git-credential` answers it), else `x-access-token`. Servers that take a token
  /// as the password accept any name; git keeps this one with the credential (its `erase` sends it).
  public static func username(for account: Account, providerID: String) -> String {
    account.providerData.first { $0.providerID == providerID }?.screenName.flatMap { $0.isEmpty ? nil : $0 }
      ?? "x-access-token"
  }

  /// The lines git reads. A value with a newline, a carriage return or a NUL would let it add
  /// attributes of its own, so such an answer is refused instead (`auth/invalid-provider-response`:
  /// the token came from the provider).
  public func lines() throws -> String {
    let values = [username, password.reveal()]
    guard values.allSatisfy({ !$0.isEmpty && !$0.contains(where: { "\n\r\0".contains($0) }) }) else {
      throw AuthError(.invalidProviderResponse, origin: .validation, detail: "a token git cannot carry")
    }
    var text = "username=\(username)\npassword=\(password.reveal())\n"
    if let expiresAt { text += "password_expiry_utc=\(Int64(expiresAt.timeIntervalSince1970.rounded(.down)))\n" }
    return text
  }

  public var description: String {
    "GitCredentialAnswer(username: \(username), password: [redacted], expiresAt: \(expiresAt.map { "\($0)" } ?? "never"))"
  }
}
