import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// An app's grant through the real window, over AT-SPI: `Tests/Tools/accounts_client.py` (python3-gi)
  /// asks the window's service for a GitHub account (`RequestAccount`) and the user answers the consent
  /// dialog — two accounts offered, the second chosen over AT-SPI, Allow gives that one; Deny and Escape
  /// answer 1 —; Connected apps then lists the app, follows its use, and Remove fails its next
  /// `GetAccessToken` with `NotGranted`;
  /// "Add account" signs in in the browser and asks again with the new account first and on; the app's
  /// own X11 window, not AuthDesktop's, is the question's parent when the app names it.
  @Suite(.serialized) struct WindowGrantTests {
    static let client = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/accounts_client.py").path

    @Test func theChosenAccountIsGrantedListedAndRemoved() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        let octocat = try await Self.signIn(session, login: "octocat", name: "Mona Octocat", first: true)
        let hubot = try await Self.signIn(session, login: "hubot", name: "Hubot")

        let request = try Self.start(["request", "github.com"])
        defer { kill(request.process.processIdentifier, SIGKILL) }
        try await window.waitFor("push button", "Allow")
        // The dialog lists both accounts as toggle buttons (GTK 4.8 says "push button"; AT-SPI can click
        // them), each named once and described by its email, the first one on; choosing the second and
        // Allow gives the app that one.
        let names: Set = ["Mona Octocat", "Hubot"]
        let shown = try await window.nodes()
        let choices = shown.filter { $0.role == "push button" && names.contains($0.name) }.map(\.name)
        #expect(choices.count == 2 && Set(choices) == names, "\(shown)")
        let described = try await window.descriptions().filter { $0.node.role == "push button" }
        #expect(
          Set(described.filter { names.contains($0.node.name) }.map(\.description))
            == ["octocat@example.com", "hubot@example.com"], "\(described)")
        let first = try #require(choices.first)
        let chosen = try #require(choices.last)
        #expect(try await window.pressed() == [.init(role: "push button", name: first)])
        let app = try CallerIdentity.resolving(processID: request.process.processIdentifier, userID: getuid()).get()
        try await window.activate(chosen, onlyRole: true)  // not the window's label "Hubot"
        // A button's AT-SPI click is GTK's keyboard activation: it toggles a moment later.
        try await Poll.until("\(chosen) on", within: .seconds(30), every: .milliseconds(200)) {
          (try? await window.pressed()) == [.init(role: "push button", name: chosen)]
        }
        try await window.activate("Allow")
        let response = try await Self.response(request)
        let uid = chosen == "Hubot" ? hubot : octocat
        let login = chosen == "Hubot" ? "hubot" : "octocat"
        let results = response["results"] as? [String: Any]
        #expect(response["code"] as? Int == 0, "\(response)")
        #expect(results?["account"] as? String == uid, "\(response)")
        #expect(results?["login"] as? String == login, "\(response)")

        // Connected apps lists the grant, and shows its use as it happens.
        let remove = WindowText.removeAppAccessible(app.displayName, account: chosen)
        try await window.activate(WindowText.showConnectedAppsAccessible)
        try await window.waitFor("push button", remove)
        // The row's details are one label: the account and provider, then when it was last used.
        let lastUsed = WindowText.appLastUsed("").trimmingCharacters(in: .whitespaces)
        #expect(try await window.nodes().contains { $0.name.contains(WindowText.appNeverUsed) })
        #expect(try await Self.run(["token", uid])["token"] is String)
        try await window.waitUntil("the use shown") { nodes in
          nodes.contains { $0.name.contains(lastUsed) } && !nodes.contains { $0.name.contains(WindowText.appNeverUsed) }
        }

        try await window.activate(remove)
        try await window.waitFor("label", WindowText.noConnectedApps)
        #expect(
          try await Self.run(["token", uid])["error"] as? String == "dev.authdesktop.AuthDesktop.Error.NotGranted")
      }
    }

    @Test func denyAndEscapeAnswerTheApp() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        _ = try await Self.signIn(session, login: "octocat", name: "Mona Octocat", first: true)
        for (answer, key) in [("Deny", false), ("Escape", true)] {
          let request = try Self.start(["request", "github.com"])
          defer { kill(request.process.processIdentifier, SIGKILL) }
          try await window.waitFor("push button", "Deny")
          if key {
            try await window.press("Escape")
          } else {
            try await window.activate(answer)
          }
          #expect(try await Self.response(request)["code"] as? Int == 1, "\(answer)")
        }
      }
    }

    @Test func addAccountSignsInAndOffersTheNewAccountFirst() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        let octocat = try await Self.signIn(session, login: "octocat", name: "Mona Octocat", first: true)
        try await Self.nextUser(session, id: 1002, login: "hubot", name: "Hubot")
        let request = try Self.start(["request", "github.com"])
        defer { kill(request.process.processIdentifier, SIGKILL) }
        try await window.waitFor("push button", "Mona Octocat")
        // Only the dialog's button: the window's "Add another account" has a label "Add account",
        // and GTK 4.8 gives labels an action too (without the role the label took the click).
        try await window.activate(WindowText.addAccount, onlyRole: true)
        // The sign-in in the browser, then the question again with the new account first and on.
        try await window.waitFor("push button", "Hubot")
        try await Poll.until("Hubot on", within: .seconds(30), every: .milliseconds(200)) {
          (try? await window.pressed()) == [.init(role: "push button", name: "Hubot")]
        }
        // The keyboard reaches the accounts too: Tab lands on an account's button.
        var focused: [AccessibleWindow.Node] = []
        for _ in 0..<8 {
          try await window.press("Tab")
          try? await Poll.until("focus moved", within: .seconds(5)) { try await window.focused() != focused.last }
          if let node = try await window.focused() { focused.append(node) }
          if focused.last?.name == "Mona Octocat" { break }
        }
        #expect(focused.contains(.init(role: "push button", name: "Mona Octocat")), "\(focused)")
        try await window.activate("Allow")
        let response = try await Self.response(request)
        let results = response["results"] as? [String: Any]
        #expect(response["code"] as? Int == 0, "\(response)")
        #expect(results?["login"] as? String == "hubot", "\(response)")
        #expect((results?["account"] as? String).map { !$0.isEmpty && $0 != octocat } == true, "\(response)")
      }
    }

    /// The app's `parent_window` (`x11:XID` of its own window) comes before AuthDesktop's open window: the
    /// question's `WM_TRANSIENT_FOR` is the app's window (without it, the dialog is AuthDesktop's).
    @Test func theQuestionIsAChildOfTheAppsWindowNotAuthDesktops() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        _ = try await Self.signIn(session, login: "octocat", name: "Mona Octocat", first: true)
        let app = try await X11Windows.open(title: "authdesktop-app-\(UUID().uuidString)")
        defer { kill(app.process.processIdentifier, SIGKILL) }
        let request = try Self.start(["request-over", "x11:" + X11Windows.identifier(app.xid), "github.com"])
        defer { kill(request.process.processIdentifier, SIGKILL) }
        try await window.waitFor("push button", "Allow")
        let dialog = try await X11Windows.window(named: "wants to use your GitHub account")
        #expect(try await X11Windows.transientFor(dialog) == app.xid)
        try await window.activate("Deny")
        #expect(try await Self.response(request)["code"] as? Int == 1)
      }
    }

    /// Signs `login` in through the window (the sign-in page, or "Add account"), and returns its uid.
    static func signIn(_ session: WindowSession, login: String, name: String, first: Bool = false) async throws
      -> String
    {
      try await nextUser(session, id: login == "octocat" ? 1001 : 1002, login: login, name: name)
      if !first { try await session.accessible.activate(WindowText.addAccountAccessible) }
      try await session.accessible.activate(WindowText.continueWith("GitHub"))
      try await session.accessible.waitFor("label", WindowText.currentAccount(name))
      let status = try await session.cli.run(["status", "--json"]).json["user"] as? [String: Any]
      return try #require(status?["uid"] as? String)
    }

    /// Makes `login` the Authlib server's user for this window's client's next sign-in.
    static func nextUser(_ session: WindowSession, id: Int, login: String, name: String) async throws {
      let configuration = try String(contentsOf: session.cli.configFile, encoding: .utf8)
      let clientID = String(try #require(configuration.firstMatch(of: /client_id = "([^"]+)"/)?.1))
      let base = try await TestServers.shared.start().github
      _ = try await Control.post(
        base.appendingPathComponent("_test/clients/\(clientID)/user"),
        ["id": id, "login": login, "name": name, "email": "\(login)@example.com"])
    }

    /// `accounts_client.py ARGUMENTS` in the background, on the window's bus.
    static func start(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [client] + arguments
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      return (process, output)
    }

    /// The JSON line of a started client, once it ended (killed after 60 s).
    static func response(_ started: (process: Process, output: Pipe)) async throws -> [String: Any] {
      try? await Poll.until("the app is answered", within: .seconds(60)) { !started.process.isRunning }
      if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) }
      let line = started.output.fileHandleForReading.readDataToEndOfFile()
      return (try? JSONSerialization.jsonObject(with: line) as? [String: Any]) ?? [:]
    }

    static func run(_ arguments: [String]) async throws -> [String: Any] {
      let run = try await Tool.run("/usr/bin/python3", [client] + arguments, errors: false)
      return (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]) ?? [:]
    }
  }
}
