import Foundation
import GRDB
import ScaleSeeding
import Testing

@testable import AuthEngine

/// `accounts --json`'s listing, which the local store writes from its rows (`signedInJSON`), is the
/// text `JSONText.write(_:current:chosen:)` writes of `signedInUsers()`: byte for byte, for users with
/// and without names, providers, logins, a password or an email, odd text, text that is not UTF-8, and
/// dates GRDB wrote and dates it did not.
@Suite struct SignedInJSONTests {
  static let odd = "Ada \"Q\" \\ / é 😀 \u{1}\u{1F}\u{8}\u{C}\n\r\t </script>"

  /// What `signedInUsersJSON(chosenUID:)` must print: each account `signedInUsers()` gives, written
  /// as any backend's accounts are (`SignedInJSON.writing`, `JSONText.write(_:current:chosen:)`).
  static func expectSame(_ auth: Auth, chosenUID: String?, _ comment: Comment? = nil) async throws {
    let listing = try await auth.signedInUsersJSON(chosenUID: chosenUID)
    let signedIn = try await auth.signedInUsers()
    let expected = SignedInJSON.writing(
      SignedInAccounts(accounts: signedIn.users.map(\.account), currentUID: signedIn.currentUID), chosenUID: chosenUID)
    let bytes = listing.users.flatMap(\.bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == String(decoding: expected.users.flatMap(\.bytes), as: UTF8.self),
      comment)
    #expect(listing.currentUID == signedIn.currentUID && listing.count == signedIn.users.count, comment)
    #expect(JSONValue.parse(Data(bytes))?.array?.count == signedIn.users.count, comment)
  }

  static func result(_ providerID: String, _ id: String, email: String?, name: String?, login: String?)
    -> ProviderSignInResult
  {
    ProviderSignInResult(
      credential: OAuthCredential(providerID: providerID, accessToken: AccessToken("token-\(id)"), scopes: []),
      identity: FederatedIdentity(
        providerID: providerID, uid: id, email: email, emailVerified: true, displayName: name,
        photoURL: name.map { _ in "https://example.com/a/\(id).png?s=1" }, username: login),
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: [:], username: login))
  }

  @Test func nobodySignedInIsAnEmptyArray() async throws {
    let h = try AccountHarness()
    let listing = try await h.auth.signedInUsersJSON(chosenUID: nil)
    #expect(listing.users.flatMap(\.bytes) == Array("[]".utf8) && listing.count == 0 && listing.currentUID == nil)
  }

  @Test func theRowsAreWrittenAsTheAccountsAre() async throws {
    let h = try AccountHarness()
    let named = try await h.auth.signIn(
      with: Self.result("github.com", "1", email: "ada@example.com", name: Self.odd, login: "ada")
    ).user
    _ = try await named.link(with: Self.result("oidc.work", "sub-1", email: nil, name: nil, login: nil))
    let password = try await h.auth.createUser(email: "Pat@Example.com", password: Password("correct horse")).user
    let both = try await h.auth.signIn(
      with: Self.result("twitter.com", "42", email: "both@example.com", name: "Both", login: nil)
    ).user
    _ = try await h.auth.linkPassword(email: "both@example.com", password: Password("correct horse"), uid: both.uid)
    let anonymous = try await h.auth.signInAnonymously().user
    _ = try await h.auth.switchUser(to: password.uid)
    for chosen in [nil, named.uid, anonymous.uid, both.uid, "nobody"] {
      try await Self.expectSame(h.auth, chosenUID: chosen, "chosen: \(chosen ?? "nil")")
    }
    // Text SQLite holds that is not UTF-8, and dates before 1970, without milliseconds, or GRDB's own.
    let queue = try DatabaseQueue(path: h.directory.appendingPathComponent(AuthDatabase.fileName).path)
    try await queue.write { db in
      try db.execute(
        sql: "UPDATE user SET displayName = CAST(x'41ff42c3' AS TEXT), creationDate = ? WHERE uid = ?",
        arguments: ["1969-12-31 23:59:58.500", named.uid])
      try db.execute(
        sql: "UPDATE user SET lastSignInDate = ?, photoURL = ? WHERE uid = ?",
        arguments: ["2026-02-29 10:00:00", "https://example.com/é/\u{7F}", password.uid])
      try db.execute(
        sql: "UPDATE identity SET screenName = CAST(x'e282' AS TEXT), email = ? WHERE uid = ?",
        arguments: ["tab\there@example.com", both.uid])
    }
    try await Self.expectSame(h.auth, chosenUID: both.uid, "edited rows")
  }

  /// A listing longer than a piece (64 KiB) comes in several, which follow each other.
  @Test func aLongListingComesInPieces() async throws {
    let h = try AccountHarness()
    let queue = try DatabaseQueue(path: h.directory.appendingPathComponent(AuthDatabase.fileName).path)
    try await ScaleSeeding.populate(queue, count: 400, signedIn: 400)
    let listing = try await h.auth.signedInUsersJSON(chosenUID: "bulk-uid-7")
    #expect(listing.users.count > 2 && listing.count == 400)
    try await Self.expectSame(h.auth, chosenUID: "bulk-uid-7")
  }
}
