import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// Several signed-in users in the real window, over AT-SPI: two accounts signed in from the command
  /// line are both listed, Switch makes the other current (the header bar shows it, and so does the
  /// command line), signing out one leaves the other, and "Add account" opens the sign-in page with Back.
  @Suite(.serialized) struct WindowAccountsTests {
    static let first = "ada@example.com"
    static let second = "grace@example.com"

    @Test func twoAccountsAreListedSwitchedAndSignedOutOneByOne() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        for email in [Self.first, Self.second] {
          let signUp = try await session.cli.run(["sign-up-email", email, "--json"], stdin: "correct horse\n")
          #expect(signUp.status == 0, "\(signUp.stderr)")
        }
        // The window follows the store: the second sign-in is current, the first is listed.
        try await window.waitUntil("both accounts, the second one current") {
          $0.contains(.init(role: "label", name: WindowText.currentAccount(Self.second)))
            && $0.contains(.init(role: "push button", name: WindowText.switchAccountAccessible(Self.first)))
        }

        try await window.activate(WindowText.switchAccountAccessible(Self.first))
        try await window.waitUntil("the first account current") {
          $0.contains(.init(role: "label", name: WindowText.currentAccount(Self.first)))
            && $0.contains(.init(role: "push button", name: WindowText.switchAccountAccessible(Self.second)))
        }
        #expect(try await Self.current(session) == Self.first)
        try await session.screenshot("window-accounts")

        try await window.activate(WindowText.signOutAccountAccessible(Self.second))
        try await window.waitUntil("the second account signed out") {
          !$0.contains(.init(role: "push button", name: WindowText.switchAccountAccessible(Self.second)))
        }
        #expect(await window.shows("label", WindowText.currentAccount(Self.first)))
        let accounts = try await session.cli.run(["accounts", "--json"]).json["accounts"] as? [[String: Any]]
        #expect(accounts?.compactMap { $0["email"] as? String } == [Self.first], "\(accounts ?? [])")

        // "Add account": the sign-in page, and Back returns to the signed-in one.
        try await window.activate(WindowText.addAccountAccessible)
        try await window.waitFor("label", WindowText.signInTitle)
        try await window.activate(WindowText.back)
        try await window.waitFor("push button", WindowText.addAccountAccessible)
        #expect(await window.shows("label", WindowText.currentAccount(Self.first)))
        #expect(try await Self.current(session) == Self.first)
      }
    }

    /// "Add account" completes a sign-in as someone else: the Authlib server's octocat signs in through
    /// the browser, becomes current (the header bar shows it) and the first account stays listed, its
    /// 60-character email whole in the row's accessible description.
    @Test func addAccountSignsInAnotherUserBesideTheFirst() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        let first = WindowAccountRowLayoutTests.longEmail
        let signUp = try await session.cli.run(["sign-up-email", first, "--json"], stdin: "correct horse\n")
        #expect(signUp.status == 0, "\(signUp.stderr)")
        try await window.waitFor("label", WindowText.currentAccount(first))

        try await window.activate(WindowText.addAccountAccessible)
        try await window.activate(WindowText.continueWith("GitHub"))
        try await window.waitUntil("octocat current, the first listed (browser: \(session.browserTranscript()))") {
          $0.contains(.init(role: "label", name: WindowText.currentAccount("Mona Octocat")))
            && $0.contains(.init(role: "push button", name: WindowText.switchAccountAccessible(first)))
        }
        #expect(await window.shows("label", "octocat@example.com"))
        #expect(
          try await window.descriptions().contains {
            $0.description == "\(first)\n\(WindowText.providerTitle("password"))"
          })

        let accounts = try await session.cli.run(["accounts", "--json"]).json["accounts"] as? [[String: Any]]
        #expect(
          Set(accounts?.compactMap { $0["email"] as? String } ?? []) == [first, "octocat@example.com"],
          "\(accounts ?? [])")
        #expect(try await Self.current(session) == "octocat@example.com")
      }
    }

    /// The current user's email, as the command line's `status --json` reports it.
    static func current(_ session: WindowSession) async throws -> String? {
      (try await session.cli.run(["status", "--json"]).json["user"] as? [String: Any])?["email"] as? String
    }
  }
}
