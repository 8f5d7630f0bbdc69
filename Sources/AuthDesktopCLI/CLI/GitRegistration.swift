import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// `install --git`: registers `auth-desktop git-credential` in the user's git configuration
/// (`git config --global`) for every host a configured provider serves (`GitHosts`), as
/// `credential.https://HOST.helper` (a loopback host also over http, for a server on 127.0.0.1). An
/// entry already there is left as it is; the helpers the user had stay, after or before it as they
/// were listed, so a host with no account here still reaches them.
struct GitRegistration {
  /// The helper's value: this build's launcher (quoted for the shell git runs it with) and the
  /// options that chose the configuration and data dir; git appends `get`, `store` or `erase`.
  let helper: String
  let hosts: [String]

  init(configuration: AuthConfiguration, globals: GlobalOptions) {
    var options = globals
    options.emulator = false
    helper =
      "!"
      + ([SchemeRegistration.thisBuildExecutable, "git-credential"] + options.arguments).map(
        SignInCommand.shellWord
      ).joined(separator: " ")
    hosts = configuration.providers.keys.sorted().flatMap { GitHosts.hosts(of: $0, in: configuration) }
  }

  /// The `credential.URL.helper` keys, one per URL git matches.
  var keys: [String] {
    hosts.flatMap { host in
      (GitHosts.isLoopback(host) ? ["https", "http"] : ["https"]).map { "credential.\($0)://\(host).helper" }
    }
  }

  /// Adds the helper under each key that does not list it yet; the keys it added.
  func register() throws -> [String] {
    try keys.filter { key in
      let present = try Self.git(["config", "--global", "--get-all", key]).split(separator: "\n")
      guard !present.contains(where: { $0 == helper }) else { return false }
      _ = try Self.git(["config", "--global", "--add", key, helper])
      return true
    }
  }

  /// Runs git (found in `PATH`); its stdout. `--get-all` of a missing key exits 1 with nothing.
  private static func git(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch {
      throw AuthError(.internalError, origin: .request, detail: "git could not be started")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 || (arguments.contains("--get-all") && process.terminationStatus == 1)
    else {
      throw AuthError(.internalError, origin: .request, detail: "git config exited with \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
