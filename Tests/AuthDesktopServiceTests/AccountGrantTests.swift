import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// `Accounts1` driven by its real clients (python3-gi's `Tests/Tools/accounts_client.py`, `gdbus`) on a
/// bus of the test's own, against the Authlib GitHub-like server: the user's choice becomes a grant, the
/// grant gives that account's token to that app only, and a grant released, revoked or of an account
/// signed out fails the next call at once.
@Suite struct AccountGrantTests {
  static let error = "dev.authdesktop.AuthDesktop.Error."

  static func object(_ any: Any) throws -> [String: Any] { try #require(any as? [String: Any]) }

  @Test func theUsersChoiceIsGrantedToThatAppOnly() async throws {
    let world = try await GrantWorld.make()
    let octocat = try await world.signIn(1001, "octocat")
    let hubot = try await world.signIn(2002, "hubot")
    let consent = FixedConsent { question in
      question.candidates.first { $0.login == "hubot" }.map { .allowAccount(uid: $0.uid) } ?? .deny
    }
    let harness = try await world.service(consent)
    defer { harness.stop() }

    let response = try Self.object(try await harness.accounts(["request", "github.com", "read:user"]))
    #expect(response["code"] as? Int == 0, "\(response)")
    let results = try Self.object(response["results"] as Any)
    #expect(results["account"] as? String == hubot.uid)
    #expect(results["login"] as? String == "hubot" && results["email"] as? String == "hubot@example.com")
    #expect(results["provider"] as? String == "github.com" && results["scopes"] as? [String] == ["read:user"])
    let question = try #require(await consent.asked.first)
    #expect(question.title.hasSuffix(" wants to use your GitHub account"), "\(question.title)")
    #expect(Set(question.account?.candidates.map(\.uid) ?? []) == [octocat.uid, hubot.uid])
    let grants = try await world.auth.appGrants()
    #expect(grants.map(\.uid) == [hubot.uid] && grants.first?.app.hasPrefix("/usr/bin/python3") == true, "\(grants)")

    // That account's token, to that app; not the other account's, and not to another app (gdbus).
    let expected = try await world.auth.providerCredential(providerID: "github.com", uid: hubot.uid)
    let token = try Self.object(try await harness.accounts(["token", hubot.uid]))
    #expect(token["token"] as? String == expected.accessToken?.reveal() && expected.accessToken != nil)
    #expect(try await world.auth.appGrants().first?.lastUsedAt != nil)
    #expect(
      try Self.object(try await harness.accounts(["token", octocat.uid]))["error"] as? String == Self.error
        + "NotGranted")
    let idToken = try Self.object(try await harness.accounts(["id-token", hubot.uid]))
    #expect((idToken["token"] as? String)?.split(separator: ".").count == 3 && idToken["expires"] as? Int ?? 0 > 0)
    let other = try await harness.call("\(AccountsBus.accountsInterface).GetAccessToken", hubot.uid, "{}")
    #expect(other.status != 0 && other.output.contains(Self.error + "NotGranted"), "\(other.output)")
    let otherList = try await harness.call("\(AccountsBus.accountsInterface).ListAccounts")
    #expect(otherList.output.contains("@aa{sv} []"), "\(otherList.output)")
    let listed = try #require(try await harness.accounts(["list"]) as? [[String: Any]])
    #expect(listed.map { $0["account"] as? String } == [hubot.uid] && listed.first?["login"] as? String == "hubot")

    // Release: the next call is refused, and nothing is left.
    #expect(try Self.object(try await harness.accounts(["release", hubot.uid])).isEmpty)
    #expect(
      try Self.object(try await harness.accounts(["token", hubot.uid]))["error"] as? String == Self.error + "NotGranted"
    )
    #expect(try await world.auth.appGrants().isEmpty)
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }

  /// A grant revoked by the user (the window, `auth-desktop apps revoke`) fails the next call at once; an
  /// account signed out is no account any more; Deny stores nothing.
  @Test func aRevokedGrantOrASignedOutAccountFailsAtOnce() async throws {
    let world = try await GrantWorld.make()
    let octocat = try await world.signIn(1001, "octocat")
    let harness = try await world.service(FixedConsent(.allow))
    defer { harness.stop() }
    #expect(try Self.object(try await harness.accounts(["request", "github.com"]))["code"] as? Int == 0)
    #expect(try Self.object(try await harness.accounts(["token", octocat.uid]))["token"] is String)
    let app = try #require(try await world.auth.appGrants().first?.app)
    #expect(try await world.auth.revokeAppGrants(app: app).count == 1)
    #expect(
      try Self.object(try await harness.accounts(["token", octocat.uid]))["error"] as? String == Self.error
        + "NotGranted")

    #expect(try Self.object(try await harness.accounts(["request", "github.com"]))["code"] as? Int == 0)
    try await octocat.signOut()
    #expect(try await world.auth.appGrants().isEmpty, "the sign-out left the grant")
    #expect(
      try Self.object(try await harness.accounts(["token", octocat.uid]))["error"] as? String == Self.error
        + "NoSuchAccount")
    #expect(
      try Self.object(try await harness.accounts(["request", "github.com"]))["code"] as? Int == 1, "no account to allow"
    )
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }

  /// An app cannot queue question after question: its ninth waiting request is refused, and its requests
  /// go when it leaves the bus (the client exits after its calls), questions and all.
  @Test func anAppQueuesAtMostEightAccountRequests() async throws {
    let world = try await GrantWorld.make()
    _ = try await world.signIn(1001, "octocat")
    let consent = HoldingConsent()
    let harness = try await world.service(consent)
    defer { harness.stop() }
    let answers = try #require(try await harness.accounts(["flood", "9"]) as? [String])
    #expect(answers == Array(repeating: "none", count: 8) + [Self.error + "Failed"], "\(answers)")
    try await Poll.until("its requests are gone") { await harness.leftNothing() }
    // The first question may or may not have been shown before the app left; none is shown now.
    #expect(await consent.shown.count <= 1)
    try await Poll.until("the question is taken away") { await consent.dismissed == consent.shown.count }
    #expect(try await world.auth.appGrants().isEmpty)
  }

  /// X's sign-in (OAuth 1.0a) has no scopes, so none could ever be granted and each request would send
  /// the user to X again: scopes for it are refused in the app's words before any question, leaving
  /// nothing; without scopes the user is asked, and GitHub's scopes are still asked for.
  @Test func scopesOfAProviderWithoutScopesAreRefusedBeforeAnyQuestion() async throws {
    let world = try await GrantWorld.make(
      extra: "[providers.\"twitter.com\"]\nconsumer_key = \"key\"\nconsumer_secret = \"secret\"\n")
    let consent = FixedConsent(.deny)
    let harness = try await world.service(consent)
    defer { harness.stop() }
    let method = "\(AccountsBus.accountsInterface).RequestAccount"
    let refused = try await harness.call(method, "", "twitter.com", "['tweet.read']", "{}")
    #expect(refused.status != 0 && refused.output.contains(Self.error + "InvalidArgument"), "\(refused.output)")
    #expect(refused.output.contains("twitter.com takes no scopes."), "\(refused.output)")
    #expect(await consent.asked.isEmpty)
    #expect(try await world.auth.appGrants().isEmpty)
    try await Poll.until("nothing is left") { await harness.leftNothing() }

    // Without scopes it is asked (no X account is signed in: Deny); GitHub's scopes are asked for too.
    #expect(try Self.object(try await harness.accounts(["request", "twitter.com"]))["code"] as? Int == 1)
    #expect(try Self.object(try await harness.accounts(["request", "github.com", "repo"]))["code"] as? Int == 1)
    #expect(await consent.asked.count == 2)
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }

  /// Each hostile or malformed call gets its defined error, asks nothing, and leaves no grant or request.
  @Test func hostileInputLeavesNothingBehind() async throws {
    let world = try await GrantWorld.make()
    let octocat = try await world.signIn(1001, "octocat")
    let consent = FixedConsent(.allow)
    let harness = try await world.service(consent)
    defer { harness.stop() }
    let answers = try #require(try await harness.accounts(["hostile", octocat.uid]) as? [String: String])
    let invalid = Self.error + "InvalidArgument"
    #expect(
      answers == [
        "long account": invalid, "long account id token": invalid, "long release": invalid,
        "unknown account": Self.error + "NoSuchAccount", "empty account": Self.error + "NoSuchAccount",
        "ungranted account": Self.error + "NotGranted", "provider of wrong type": invalid,
        "long provider option": invalid, "long provider": invalid, "unknown provider": invalid,
        "password provider": invalid, "too many scopes": invalid, "scope with a space": invalid,
        "empty scope": invalid, "long scope": invalid, "scope with a quote": invalid, "bad handle token": invalid,
        "handle token of wrong type": invalid, "long activation token": invalid, "forged window": invalid,
        "scopes of wrong type": "org.freedesktop.DBus.Error.InvalidArgs",
        "account of wrong type": "org.freedesktop.DBus.Error.InvalidArgs",
        "unknown method": "org.freedesktop.DBus.Error.UnknownMethod",
      ])
    #expect(await consent.asked.isEmpty)
    #expect(try await world.auth.appGrants().isEmpty)
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }
}
