import AuthDesktopService
import Foundation
import TestSupport
import Testing

/// The names and the introspection data clients rely on (`data/*.xml`) are what the running service
/// exports, read back with `gdbus introspect`.
@Suite struct AccountsServiceInterfaceTests {
  /// Each `dev.authdesktop.*` interface of an introspection document as one line per method or
  /// signal with its arguments (name, type, direction), comments and whitespace aside.
  static func members(_ xml: String) async throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("introspect-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let program = """
      import sys, re, xml.etree.ElementTree as ET
      text = re.sub(r"<!DOCTYPE[^>]*>", "", open(sys.argv[1]).read())
      for interface in ET.fromstring(text).iter("interface"):
          if not interface.get("name").startswith("dev.authdesktop."):
              continue
          print(interface.get("name"))
          for member in interface:
              arguments = ",".join(f"{a.get('name')}:{a.get('type')}:{a.get('direction', 'out' if member.tag == 'signal' else 'in')}" for a in member.iter("arg"))
              print(f"{interface.get('name')}.{member.get('name')} {member.tag}({arguments})")
      """
    let run = try await Tool.run(ServiceHarness.python, ["-c", program, file.path])
    #expect(run.status == 0, "\(run.output)")
    return run.output.split(separator: "\n").map(String.init).sorted()
  }

  static func data(_ name: String) throws -> String {
    try String(contentsOf: TestServers.repositoryRoot.appendingPathComponent("data/\(name)"), encoding: .utf8)
  }

  @Test func theServiceExportsWhatDataDescribes() async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny))
    defer { harness.stop() }
    let exported = try await harness.gdbus([
      "introspect", "--session", "--dest", AccountsBus.busName, "--object-path", AccountsBus.objectPath, "--xml",
    ])
    #expect(exported.status == 0)
    let described = try await Self.members(Self.data("dev.authdesktop.AuthDesktop.Accounts.xml"))
    #expect(described.contains("dev.authdesktop.AuthDesktop.WebAuthentication1"))
    #expect(described.contains("dev.authdesktop.AuthDesktop.Accounts1"))
    #expect(try await Self.members(exported.output) == described)
  }

  /// A request object at `…/request/SENDER/TOKEN` (the caller's `handle_token`) exports `Request1` as
  /// data/ describes it, while its question is shown; the caller leaving takes the question, the
  /// request and the session's listener with it, and the next caller's question is shown.
  @Test func aRequestObjectIsWhatDataDescribesAndGoesWithItsCaller() async throws {
    let consent = HoldingConsent()
    let harness = try await ServiceHarness.start(consent: consent)
    defer { harness.stop() }
    let (holder, sender) = try await harness.hold("https://id.example/authorize")
    try await Poll.until("the question is shown") { await consent.shown.count == 1 }
    let request = AccountsBus.requestPath(sender: sender, token: "hold")
    let exported = try await harness.gdbus([
      "introspect", "--session", "--dest", AccountsBus.busName, "--object-path", request, "--xml",
    ])
    #expect(
      try await Self.members(exported.output)
        == Self.members(Self.data("dev.authdesktop.AuthDesktop.Request1.xml")))
    #expect(await harness.service.openSessions == 1)
    kill(holder.processIdentifier, SIGKILL)
    try await offThePool { holder.waitUntilExit() }
    try await Poll.until("the question, request and session are gone") {
      let (dismissed, empty) = (await consent.dismissed, await harness.leftNothing())
      return dismissed == 1 && empty
    }
    let (next, _) = try await harness.hold("https://next.example/authorize")
    try await Poll.until("the next caller's question is shown") { await consent.shown.count == 2 }
    kill(next.processIdentifier, SIGKILL)
    try await offThePool { next.waitUntilExit() }
  }
}
