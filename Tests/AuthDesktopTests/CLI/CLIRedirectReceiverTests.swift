import AuthEngine
import Foundation
import TestSupport
import Testing

/// A waiting `sign-in` with the custom-scheme redirect: the desktop's `auth-desktop URI` process
/// forwards the redirect to it over the session bus, it completes the sign-in itself (so it knows
/// whether the user is new), and no window opens on the way. Needs the test session bus (scripts/test).
@Suite struct CLIRedirectReceiverTests {
  func cli() async throws -> CLIRunner {
    try #require(
      ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false,
      "needs a session bus: run scripts/test")
    return try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
  }

  @Test func theRedirectReachesTheWaitingSignIn() async throws {
    let cli = try await cli()
    let waiting = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(try await waiting.firstLine()))
    // A display that does not exist: had the delivering process started a window, it would have failed.
    let delivered = try await cli.run([redirect.absoluteString, "--json"], environment: ["DISPLAY": ":99"])
    #expect(delivered.status == 0, "\(delivered.stderr)")
    let receiver = try #require(delivered.json["forwardedTo"] as? String)
    #expect(receiver.hasPrefix(AppIdentity.tests.applicationID + ".SignIn.p"))
    let finished = try await waiting.finish()
    #expect(finished.status == 0, "\(finished.stderr)")
    let result = try #require(finished.lastLineJSON)
    #expect(result["isNewUser"] as? Bool == true)
    #expect((result["user"] as? [String: Any])?["email"] as? String == "octocat@example.com")
  }

  @Test func interruptingTheWaitingSignInCancelsIt() async throws {
    let cli = try await cli()
    let waiting = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(try await waiting.firstLine()))
    kill(waiting.process.processIdentifier, SIGINT)
    let finished = try await waiting.finish()
    #expect(finished.status == 128 + SIGINT)
    // Its pending request went with it: the redirect no longer signs anybody in.
    let late = try await cli.run([redirect.absoluteString, "--json"])
    #expect((late.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
  }
}

/// The browser gets none of the command's standard streams: a browser that writes to what it inherits
/// and keeps it open ("Opening in existing browser session.", as Chromium does) changes neither
/// `sign-in --json`'s output nor when `$(auth-desktop sign-in …)` returns.
@Suite(.timeLimit(.minutes(2))) struct CLIBrowserStreamsTests {
  @Test func theBrowserDoesNotInheritStdoutOrStderr() async throws {
    try #require(
      ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false,
      "needs a session bus: run scripts/test")
    let cli = try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
    let opened = cli.root.appendingPathComponent("opened-url")
    let browser = cli.root.appendingPathComponent("browser.sh")
    // Records the URL, writes to its stdout and stderr, and leaves a child holding both for an hour.
    try """
    #!/bin/sh
    echo "Opening in existing browser session."
    echo "browser warning" >&2
    (sleep 3600 & echo $! > "\(opened.path).holder")
    printf '%s' "$1" > "\(opened.path).tmp" && mv "\(opened.path).tmp" "\(opened.path)"
    """.write(to: browser, atomically: true, encoding: .utf8)
    chmod(browser.path, 0o755)
    let desktop = PrivateDesktop(root: cli.root)
    try desktop.register(browser: "\(browser.path) %u")

    let waiting = try cli.start(
      ["sign-in", "github.com", "--json", "--timeout", "60"], environment: desktop.environment)
    let url = try await Poll.value("the browser to be opened") {
      (try? String(contentsOf: opened, encoding: .utf8)).flatMap(URL.init(string:))
    }
    let redirect = try await Browser.follow(url)
    #expect(try await cli.run([redirect.absoluteString]).status == 0)
    // `finish` reads stdout and stderr to their end: with the browser holding them it would wait an hour.
    let finished = try await waiting.finish()
    #expect(finished.status == 0, "\(finished.stderr)")
    #expect(!finished.stdout.contains("Opening in existing browser session."))
    #expect(!finished.stderr.contains("browser warning"))
    let lines = finished.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
    // Only this test's holder: other runs on the machine may have their own.
    if let holder = try? String(contentsOf: opened.appendingPathExtension("holder"), encoding: .utf8),
      let pid = Int32(holder.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(pid, SIGKILL)
    }
  }
}
