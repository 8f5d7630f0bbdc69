import Foundation

/// `Tests/Servers/git_server.py`: `git http-backend` on 127.0.0.1 that accepts only access tokens the
/// GitHub-like test server at `github` issued and has not revoked. One per test, with its own
/// repositories; it exits when this object's stdin pipe closes (`stop()`, or the test process ending).
public final class GitTestServer: @unchecked Sendable {
  public let url: URL
  public let root: URL
  private let input: Pipe

  public static func start(github: URL) async throws -> GitTestServer {
    try await offThePool { try GitTestServer(github: github) }
  }

  private init(github: URL) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("auth-git-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let script = try ServerScript.start(
      "git_server.py", ["--root", root.path, "--github", github.absoluteString], errors: FileHandle.standardError)
    input = script.stdin
    let line = script.firstLine
    guard let json = try? JSONSerialization.jsonObject(with: line) as? [String: String],
      let url = json["url"].flatMap(URL.init(string:))
    else { throw TestSetupError("git_server.py printed no ready line") }
    self.url = url
  }

  /// A new bare repository `NAME.git` whose branch is `main`, pushable over this server; its URL.
  public func repository(_ name: String) async throws -> URL {
    let path = root.appendingPathComponent("\(name).git").path
    let made = try await Tool.run("git", ["init", "--quiet", "--bare", "--initial-branch=main", path])
    guard made.status == 0 else { throw TestSetupError("git init: \(made.output)") }
    _ = try await Tool.run("git", ["-C", path, "config", "http.receivepack", "true"])
    return url.appendingPathComponent("\(name).git")
  }

  /// The logins of the tokens the server accepted, request by request (nil: refused); only the
  /// requests for `repository` (`NAME.git`) when it is given.
  public func logins(of repository: String? = nil) async throws -> [String?] {
    let log = try await Control.get(url.appendingPathComponent("_test/log")) as? [String: Any]
    let requests = (log?["requests"] as? [[String: Any]] ?? []).filter { request in
      repository.map { (request["path"] as? String)?.hasPrefix("/\($0).git/") == true } ?? true
    }
    return requests.map { $0["login"] as? String }
  }

  public func stop() {
    try? input.fileHandleForWriting.close()
  }

  deinit { stop() }
}
