import AuthDesktopKit
import AuthDesktopService
import Foundation
import TestSupport
import Testing

/// Who is asking comes from the bus (the connection's process id and uid) and the kernel, never from the
/// caller's word: the same python3-gi client inside a `bwrap` sandbox with a `/.flatpak-info` is that
/// Flatpak app, and outside it is its executable.
@Suite struct CallerIdentityTests {
  static let appID = "org.example.Notes"

  @Test func aCallerInABubblewrapSandboxIsTheAppItsFlatpakInfoNames() async throws {
    let consent = FixedConsent(.deny)
    let harness = try await ServiceHarness.start(consent: consent)
    defer { harness.stop() }
    let info = FileManager.default.temporaryDirectory.appendingPathComponent("flatpak-info-\(UUID().uuidString)")
    try Data("[Application]\nname=\(Self.appID)\nruntime=runtime/org.gnome.Platform/x86_64/45\n".utf8).write(to: info)
    defer { try? FileManager.default.removeItem(at: info) }
    let answer = try await harness.client(
      ["respond", "https://id.example/authorize"],
      inside: Self.sandbox(flatpakInfo: info))
    #expect((answer as? [String: Any])?["code"] as? Int == 1, "declined: \(answer)")
    let asked = await consent.asked
    #expect(asked.map(\.caller.kind) == [.flatpak(appID: Self.appID)])
    #expect(asked.first?.title == "\(Self.appID) wants to sign you in at id.example")
    #expect(asked.first?.body.contains("not sandboxed") == false)
  }

  /// `bwrap` with the host's folders on a root of its own (a tmpfs), so the `/.flatpak-info` it mounts is
  /// made there. Binding the host's `/` itself would make that file on the host's root when the tests run
  /// as root, and libadwaita then believes every later window runs in a Flatpak.
  static func sandbox(flatpakInfo info: URL) throws -> [String] {
    var arguments = ["bwrap", "--unshare-pid", "--proc", "/proc", "--dev-bind", "/dev", "/dev"]
    for name in try FileManager.default.contentsOfDirectory(atPath: "/").sorted()
    where !["proc", "dev", ".flatpak-info"].contains(name) {
      let path = "/" + name
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        arguments += ["--symlink", target, path]
      } else {
        arguments += ["--dev-bind", path, path]
      }
    }
    return arguments + ["--ro-bind", info.path, "/.flatpak-info"]
  }

  @Test func theSameCallerOutsideIsItsExecutable() async throws {
    let consent = FixedConsent(.deny)
    let harness = try await ServiceHarness.start(consent: consent)
    defer { harness.stop() }
    let answer = try await harness.client(["respond", "https://id.example/authorize"])
    #expect((answer as? [String: Any])?["code"] as? Int == 1)
    let python = URL(fileURLWithPath: ServiceHarness.python).resolvingSymlinksInPath().path
    let asked = await consent.asked
    guard case .unsandboxed(let executable, _) = asked.first?.caller.kind else {
      Issue.record("not unsandboxed: \(asked)")
      return
    }
    #expect(executable == python)
    #expect(asked.first?.body.contains("not sandboxed") == true)
  }

  /// The bus's uid of the caller must be the service's user's (a test can't connect as another user:
  /// the service is told to serve another uid instead).
  @Test func anotherUsersProcessIsRefused() async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.allow)) { $0.userID = getuid() &+ 1 }
    defer { harness.stop() }
    let run = try await harness.call("\(AccountsBus.webAuthenticationInterface).CreateSession", "{}")
    #expect(run.status != 0)
    #expect(run.output.contains("dev.authdesktop.AuthDesktop.Error.AccessDenied"))
    #expect(run.output.contains("only the programs of the user it runs for"))
    #expect(await harness.leftNothing())
  }

  /// `/proc/PID/attr/current` of a snap's process names the snap; a process folder of another owner,
  /// or none, is nobody.
  @Test func aSnapIsKnownByItsAppArmorLabel() throws {
    let proc = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: proc) }
    let attr = proc.appendingPathComponent("42/attr")
    try FileManager.default.createDirectory(at: attr, withIntermediateDirectories: true)
    try Data("snap.notes.notes (enforce)\n".utf8).write(to: attr.appendingPathComponent("current"))
    let uid = getuid()
    #expect(
      try CallerIdentity.resolving(processID: 42, userID: uid, proc: proc.path).get().kind == .snap(name: "notes"))
    // Nobody, and why, as the service logs it: the read that failed.
    let otherUser = CallerIdentity.resolving(processID: 42, userID: uid &+ 1, proc: proc.path)
    #expect(otherUser == .failure(.otherOwner(uid)))
    #expect(CallerIdentity.resolving(processID: 43, userID: uid, proc: proc.path) == .failure(.noProcess))
    try FileManager.default.createDirectory(at: proc.appendingPathComponent("44"), withIntermediateDirectories: true)
    let noExecutable = CallerIdentity.resolving(processID: 44, userID: uid, proc: proc.path)
    #expect(noExecutable == .failure(.noExecutable(errno: ENOENT)))
    #expect("\(CallerIdentity.Unresolved.noExecutable(errno: ENOENT))".contains("No such file or directory"))
  }
}
