import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// "Continue without an account" in the real window, over AT-SPI: an anonymous user in the emulator's
  /// Firebase project, upgraded by linking GitHub from the signed-in page, keeps its uid.
  @Suite(.serialized) struct WindowAnonymousTests {
    @Test func anAnonymousUserIsUpgradedByLinkingFromTheWindow() async throws {
      let table = "[firebase]\napi_key = \"AIza-local-only\"\nproject_id = \"my-app-12345\"\n"
      try await WindowSession.with(emulator: true, configuration: table, browser: .consent) { session in
        let window = session.accessible
        try await window.activate(WindowText.continueAnonymously)
        try await window.waitUntil("the signed-in page of a guest") {
          $0.contains(.init(role: "label", name: WindowText.anonymousUser))
            && $0.contains(.init(role: "label", name: WindowText.anonymousHint))
            && $0.contains(.init(role: "push button", name: WindowText.linkAccessible("GitHub")))
        }
        let before = try await session.cli.run(["status", "--json", "--emulator"]).json["user"] as? [String: Any]
        let uid = try #require(before?["uid"] as? String)
        #expect(before?["isAnonymous"] as? Bool == true)
        #expect(await window.shows("label", uid))

        try await window.activate(WindowText.linkAccessible("GitHub"))
        try await window.waitUntil("GitHub linked (browser: \(session.browserTranscript()))") {
          $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
            && !$0.contains(.init(role: "label", name: WindowText.anonymousUser))
        }
        let after = try await session.cli.run(["status", "--json", "--emulator"]).json["user"] as? [String: Any]
        #expect(after?["uid"] as? String == uid && after?["isAnonymous"] as? Bool == false, "\(after ?? [:])")
        #expect(after?["email"] as? String == "octocat@example.com")
      }
    }
  }
}
