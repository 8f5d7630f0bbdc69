import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The window comes to the front when its redirect arrives, under a real window manager: on a
  /// display of its own with openbox (`PrivateDisplay`), a sign-in starts, another window covers and
  /// takes the focus, then the desktop's `auth-desktop URI` forwards the redirect; the sign-in window
  /// must be `_NET_ACTIVE_WINDOW` and last in `_NET_CLIENT_LIST_STACKING`.
  @Suite(.serialized) struct WindowRaiseTests {
    @Test func theRedirectBringsTheWindowToTheFront() async throws {
      let display = try await PrivateDisplay()
      defer { display.close() }
      try await WindowSession.with(loopback: false, browser: .record, environment: ["DISPLAY": display.name]) {
        session in
        let window = try await Poll.value("the sign-in window to map on \(display.name)") {
          try await display.windows(of: session.window.process.processIdentifier).first
        }
        try await Poll.until("the sign-in window to be active") { try await display.activeWindow() == window }
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let authorization = try await Poll.value("the browser to open") { session.openedURLs().first }
        let location = try await Browser.follow(authorization)

        // Another program's window on top, with the focus (xmessage: x11-utils).
        let cover = Process()
        cover.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cover.arguments = ["xmessage", "-geometry", "1280x800+0+0", "another window"]
        cover.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { $1 }
        cover.standardInput = FileHandle.nullDevice
        cover.standardOutput = FileHandle.nullDevice
        cover.standardError = FileHandle.nullDevice
        try cover.run()
        defer { if cover.isRunning { kill(cover.processIdentifier, SIGKILL) } }
        let covering = try await Poll.value("the other window to map") {
          try await display.windows(ofClass: "Xmessage").first
        }
        try await Poll.until("the other window to be active and on top") {
          let active = try await display.activeWindow()
          let top = try await display.stacking().last
          return active == covering && top == covering
        }

        // What the desktop runs for the redirect (the entry's Exec), on this display.
        let delivered = try await session.cli.run(
          [location.absoluteString], environment: session.xdg.merging(["DISPLAY": display.name]) { $1 })
        #expect(delivered.status == 0, "\(delivered.stderr)")
        try await session.accessible.waitUntil("the signed-in page") { $0.contains(WindowSession.signedInEmail) }
        try await Poll.until("the sign-in window to be active and on top") {
          let active = try await display.activeWindow()
          let top = try await display.stacking().last
          return active == window && top == window
        }
      }
    }
  }
}
