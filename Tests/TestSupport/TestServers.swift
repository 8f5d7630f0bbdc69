import AuthEngine
import AuthURLSession
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Authlib protocol servers (`Tests/Servers/servers.py`), started once per test process. They exit
/// when this process does (their stdin is a pipe held here).
public actor TestServers {
  public struct Endpoints: Sendable {
    public var github: URL
    public var twitter: URL
    public var oidc: URL
    /// The Identity Toolkit server (Firebase Auth Emulator URL layout).
    public var identityToolkit: URL
  }

  public static let shared = TestServers()
  /// Tests/TestSupport/TestServers.swift → the repository.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The one start, shared by every caller (the first starts it).
  private var starting: Task<Endpoints, Error>?
  /// Kept for the process's life: their stdin is the servers' lifeline.
  private var launched: Launched?

  /// The running servers and their stdin, made off the cooperative pool.
  private struct Launched: @unchecked Sendable {
    let process: Process
    let stdin: Pipe
    let endpoints: Endpoints
  }

  public func start() async throws -> Endpoints {
    if let starting { return try await starting.value }
    let task = Task { () throws -> Endpoints in
      let launched = try await offThePool { try Self.launch() }
      self.keep(launched)
      return launched.endpoints
    }
    starting = task
    return try await task.value
  }

  private func keep(_ servers: Launched) { launched = servers }

  /// Starts servers.py and reads its ready line: blocking, so run off the pool.
  private static func launch() throws -> Launched {
    let environment = ProcessInfo.processInfo.environment
    let python =
      environment["AUTH_DESKTOP_TEST_PYTHON"] ?? Self.repositoryRoot.appendingPathComponent(".venv/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw TestSetupError(
        "No Python with Authlib at \(python). Run the test command (scripts/test), or create the venv: "
          + "python3 -m venv .venv && .venv/bin/pip install -r Tests/Servers/requirements.txt")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [Self.repositoryRoot.appendingPathComponent("Tests/Servers/servers.py").path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-test-servers-\(getpid()).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    let line = output.fileHandleForReading.readFirstLine()
    guard line.contains(UInt8(ascii: "\n")) else {
      throw TestSetupError("servers.py exited before it was ready; see \(log.path)")
    }
    guard let json = try JSONSerialization.jsonObject(with: line) as? [String: String],
      let github = json["github"].flatMap(URL.init(string:)), let twitter = json["twitter"].flatMap(URL.init(string:)),
      let oidc = json["oidc"].flatMap(URL.init(string:)),
      let identityToolkit = json["identitytoolkit"].flatMap(URL.init(string:))
    else { throw TestSetupError("servers.py printed an unexpected ready line") }
    return Launched(
      process: process, stdin: input,
      endpoints: Endpoints(github: github, twitter: twitter, oidc: oidc, identityToolkit: identityToolkit))
  }
}

public struct TestSetupError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// JSON calls to the servers' `/_test/` control endpoints, through `URLSessionTransport` (which keeps
/// URLSession's synchronous waits off Swift's pool).
public enum Control {
  private static let transport = URLSessionTransport(timeout: TestEnvironment.requestTimeout)

  public static func post(_ url: URL, _ body: [String: Any]) async throws -> [String: Any] {
    let answer = try await transport.send(
      HTTPRequest(
        method: "POST", url: url, headers: [("Content-Type", "application/json")],
        body: try JSONSerialization.data(withJSONObject: body)))
    guard let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
      throw TestSetupError("\(url.path) did not answer with a JSON object")
    }
    return object
  }

  public static func get(_ url: URL) async throws -> Any {
    try JSONSerialization.jsonObject(with: try await transport.send(HTTPRequest(url: url)).body)
  }
}
