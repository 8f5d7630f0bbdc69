import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// `Accounts1` beyond one Allow: "Add account" signs in first, scopes the token lacks are asked of the
/// provider after Allow, and two apps asking at once for a due token refresh it once.
@Suite struct AccountGrantFlowTests {
  /// "Add account": a browser sign-in as a new user, who is then the first (preselected) candidate.
  @Test func addAccountSignsInAndOffersTheNewAccountFirst() async throws {
    let world = try await GrantWorld.make()
    let octocat = try await world.signIn(1001, "octocat")
    try await world.nextUser(3003, "monalisa")
    let consent = FixedConsent { question in
      question.candidates.count == 1
        ? .addAccount : question.candidates.first.map { .allowAccount(uid: $0.uid) } ?? .deny
    }
    let harness = try await world.service(consent)
    defer { harness.stop() }
    let response = try AccountGrantTests.object(try await harness.accounts(["request", "github.com"]))
    #expect(response["code"] as? Int == 0, "\(response)")
    let results = try AccountGrantTests.object(response["results"] as Any)
    #expect(results["login"] as? String == "monalisa")
    let asked = await consent.asked.compactMap(\.account)
    #expect(asked.map { $0.candidates.map(\.login) } == [["octocat"], ["monalisa", "octocat"]])
    #expect(try await world.auth.signedInUsers().users.count == 2)
    #expect(try await world.auth.appGrants().map(\.uid) != [octocat.uid])
  }

  /// A scope the account's token does not hold: after Allow, the provider is asked again for the union
  /// (a reauthentication of that account), and the token then holds it.
  @Test func scopesTheTokenLacksAreAskedOfTheProvider() async throws {
    let world = try await GrantWorld.make(options: ["scope": "read:user user:email repo"])
    let octocat = try await world.signIn(1001, "octocat")
    #expect(try await world.auth.heldScopes(providerID: "github.com", uid: octocat.uid)?.contains("repo") == false)
    let harness = try await world.service(FixedConsent(.allow))
    defer { harness.stop() }
    let response = try AccountGrantTests.object(try await harness.accounts(["request", "github.com", "repo"]))
    #expect(response["code"] as? Int == 0, "\(response)")
    let held = try await world.auth.heldScopes(providerID: "github.com", uid: octocat.uid) ?? []
    #expect(held.contains("repo") && held.contains("read:user"), "\(held)")
    #expect(try await world.tokenRequests().filter { $0 == "authorization_code" }.count == 2)
    #expect(try await world.auth.signedInUsers().users.map(\.uid) == [octocat.uid])
  }

  /// Two apps' connections ask at once for the token of an account whose token is due, at a provider
  /// that rotates refresh tokens and revokes the grant when a rotated-away one comes again (RFC 9700
  /// §4.14.2): both get the same new token, and one refresh request reaches the server.
  /// The token lives 2 minutes: long enough for the sign-in's profile request under any load, and due
  /// (within the 5-minute margin) from the start.
  @Test func twoCallersAtOnceRefreshOnce() async throws {
    let world = try await GrantWorld.make(options: [
      "issue_refresh_token": true, "expires_in": 120, "refresh_expires_in": 3600, "reuse_detection": true,
    ])
    let octocat = try await world.signIn(1001, "octocat")
    let harness = try await world.service(FixedConsent(.allow))
    defer { harness.stop() }
    #expect(try AccountGrantTests.object(try await harness.accounts(["request", "github.com"]))["code"] as? Int == 0)
    #expect(try await world.tokenRequests() == ["authorization_code"], "the grant refreshed the token")
    let answers = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<2 {
        group.addTask {
          let answer = try AccountGrantTests.object(try await harness.accounts(["token", octocat.uid]))
          return answer["token"] as? String ?? "\(answer)"
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 2 && Set(answers).count == 1, "\(answers)")
    #expect(try await world.tokenRequests().filter { $0 == "refresh_token" }.count == 1)
  }
}
