import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// A window that cannot start (a broken config.toml, the emulator's port held by another program)
  /// shows the start-up error page over AT-SPI: what, where, what to do, Retry and Quit, and no
  /// sign-in control anywhere on screen. Retry after the cause is fixed reaches the sign-in page.
  @Suite(.serialized) struct WindowStartupErrorTests {
    @Test func aBrokenConfigurationShowsTheErrorPageWithoutSignIn() async throws {
      try await WindowSession.with(
        configuration: "[providers.\"github.com\"]\nclient_idd = \"typo\"\n", browser: .record, install: false
      ) { session in
        let window = session.accessible
        try await window.waitFor("label", "Configuration problem")
        let nodes = try await window.nodes()
        let location = nodes.first { $0.name.hasPrefix(WindowText.problemLocation(session.cli.configFile.path)) }
        #expect(location?.name.contains("client_idd") == true, "\(nodes)")
        Self.expectNoSignInControl(nodes)
        #expect(nodes.contains(.init(role: "push button", name: WindowText.quitAccessible)))

        // Fixed, Retry starts the app.
        let fixed = try await WindowSession.authlibClient(loopback: true)
        try FileManager.default.removeItem(at: session.cli.configFile)
        try FileManager.default.copyItem(at: fixed.configFile, to: session.cli.configFile)
        try await window.activate(WindowText.retryAccessible)
        try await window.waitFor("push button", WindowText.continueWith("GitHub"))
      }
    }

    @Test func aTakenEmulatorPortShowsTheErrorPageWithoutSignIn() async throws {
      let port = FreePort.next()
      let other = try Self.otherProgram(listeningOn: port)
      // SIGKILL: children of the test process were seen to ignore SIGTERM (see WindowSession.close).
      defer { if other.isRunning { kill(other.processIdentifier, SIGKILL) } }
      try await Poll.until("the other program to listen") {
        !LoopbackSocketInspector.refusesConnectionsNow(Self.url(port))
      }
      try await WindowSession.with(
        emulator: true, browser: .record, environment: [EmulatorMode.portVariable: String(port)]
      ) { session in
        let window = session.accessible
        let taken = AuthError(
          .emulatorPortInUse, origin: .transport, payload: .port(PortIssue(port: port, problem: .inUse)))
        try await window.waitFor("label", UserFacingError(taken, for: .window).title)
        let nodes = try await window.nodes()
        let location = AccessibleWindow.Node(
          role: "label", name: WindowText.problemLocation(WindowText.loopbackPort(port)))
        #expect(nodes.contains(location), "\(nodes)")
        Self.expectNoSignInControl(nodes)

        // The other program gone, Retry starts the emulator in this window's process.
        kill(other.processIdentifier, SIGKILL)
        try await offThePool { other.waitUntilExit() }
        try await window.activate(WindowText.retryAccessible)
        try await window.waitFor("push button", WindowText.continueWith("GitHub"))
        #expect(await window.shows("label", WindowText.emulatorBadge))
      }
    }

    /// Nothing on screen that starts a sign-in or takes a password.
    static func expectNoSignInControl(_ nodes: [AccessibleWindow.Node]) {
      let signIn = nodes.filter {
        $0.role == "text" || $0.name.hasPrefix("Continue with")
          || [WindowText.signInWithEmail, WindowText.createAccount, WindowText.createAccountAccessible].contains(
            $0.name)
      }
      #expect(signIn.isEmpty, "sign-in controls on the error page: \(signIn)")
      #expect(nodes.contains(.init(role: "push button", name: WindowText.retryAccessible)), "\(nodes)")
    }

    /// Python's `http.server` on 127.0.0.1:`port`: an HTTP server that is not AuthDesktop's emulator.
    static func otherProgram(listeningOn port: UInt16) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1"]
      process.currentDirectoryURL = FileManager.default.temporaryDirectory
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }

    static func url(_ port: UInt16) -> URL { URL(string: "http://127.0.0.1:\(port)/")! }
  }
}
