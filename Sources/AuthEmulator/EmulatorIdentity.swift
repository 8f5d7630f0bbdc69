import AuthEngine
import Foundation

/// A test identity of the provider emulator: who "signs in" at the emulated GitHub, X or OpenID
/// provider. Identities live in an `EmulatorIdentityStore`; the consent page lists and adds them.
public struct EmulatorIdentity: Codable, Sendable, Equatable {
  /// Which emulated provider the identity belongs to.
  public enum Provider: String, Codable, Sendable, CaseIterable {
    case github, twitter, oidc

    /// The name of the provider row the emulator serves under this mount (`EmulatorPaths.mount`).
    public var displayName: String {
      ProviderTable.builtIn.rows.first { $0.emulator?.mount == rawValue }?.displayName ?? rawValue
    }
  }

  public var provider: Provider
  /// The provider's stable id: GitHub `id` and X `id_str` (digits), OIDC `sub`.
  public var id: String
  public var name: String
  /// Shared with the app as verified when present.
  public var email: String?
  /// GitHub `login`, X `screen_name`, OIDC `preferred_username`.
  public var login: String

  public init(provider: Provider, id: String, name: String, email: String?, login: String) {
    self.provider = provider
    self.id = id
    self.name = name
    self.email = email
    self.login = login
  }

  /// Unique across providers: `github:583231`.
  public var key: String { "\(provider.rawValue):\(id)" }

  /// "Mona Octocat <octocat@example.com>".
  public var label: String { email.map { "\(name) <\($0)>" } ?? name }

  /// The identities of a fresh store: a GitHub user, an X user who shares her email (to try
  /// `account-exists-with-different-credential`), an X user who does not, and an OpenID user.
  public static let seeds: [EmulatorIdentity] = [
    EmulatorIdentity(
      provider: .github, id: "583231", name: "Mona Octocat", email: "octocat@example.com", login: "octocat"),
    EmulatorIdentity(
      provider: .twitter, id: "783214", name: "Mona Octocat", email: "octocat@example.com", login: "monaoctocat"),
    EmulatorIdentity(
      provider: .twitter, id: "1467726470533754880", name: "Tweety Bird", email: "tweety@example.com",
      login: "tweetybird"),
    EmulatorIdentity(provider: .oidc, id: "248289761001", name: "Jane Doe", email: "jane@example.com", login: "jane"),
  ]
}

extension EmulatorIdentity {
  /// A new identity from the consent page's form. The id is random digits (X ids must be digits; GitHub's
  /// are JSON numbers, so they stay below 2^53); the login is made from the name.
  static func make(
    provider: Provider, name rawName: String, email rawEmail: String?, existing: [EmulatorIdentity],
    random: any RandomSource
  ) throws -> EmulatorIdentity {
    let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.count <= 100,
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw EmulatorFormError("The name must be 1 to 100 characters, without control characters.") }
    let email = rawEmail?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if let email, !email.isEmpty, !isPlausibleEmail(email) {
      throw EmulatorFormError("The email address must look like name@example.com.")
    }
    var id: String
    repeat {
      let number = random.bytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      id = String(1_000_000_000 + number % 8_999_999_999_999)
    } while existing.contains { $0.provider == provider && $0.id == id }
    let base = String(
      name.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        .prefix(30))
    var login = base.isEmpty ? "user" : base
    var suffix = 2
    while existing.contains(where: { $0.provider == provider && $0.login == login }) {
      login = (base.isEmpty ? "user" : base) + String(suffix)
      suffix += 1
    }
    return EmulatorIdentity(
      provider: provider, id: id, name: name, email: (email?.isEmpty ?? true) ? nil : email, login: login)
  }

  static func isPlausibleEmail(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
    else { return false }
    return email.unicodeScalars.allSatisfy {
      $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"<>\"\\,;".unicodeScalars.contains($0)
    }
  }
}

/// A consent-page form that cannot be accepted; the message is shown on the page.
struct EmulatorFormError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
