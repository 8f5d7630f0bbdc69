import Foundation

/// A project on the Identity Toolkit test server (`POST /_test/projects`).
public struct IdentityToolkitTestProject: Sendable {
  public let base: URL
  public let id: String
  public let apiKey: String

  /// A new project: `providers` as `POST /_test/projects` takes them (github.com, twitter.com and
  /// oidc.NAME entries), five wrong passwords lock an account, and `options` override the rest.
  public static func create(providers: [String: [String: Any]], options: [String: Any] = [:]) async throws
    -> IdentityToolkitTestProject
  {
    let base = try await TestServers.shared.start().identityToolkit
    let body: [String: Any] = ["providers": providers, "max_password_attempts": 5].merging(options) { $1 }
    let created = try await Control.post(base.appendingPathComponent("_test/projects"), body)
    guard let id = created["project_id"] as? String, let apiKey = created["api_key"] as? String else {
      throw TestSetupError("the Identity Toolkit server made no project: \(created)")
    }
    return IdentityToolkitTestProject(base: base, id: id, apiKey: apiKey)
  }

  /// `HOST:PORT` of the test server.
  public var host: String { "\(base.host!):\(base.port!)" }

  /// The `[firebase]` table of this project on the test server.
  public var configuration: String {
    """
    [firebase]
    api_key = "\(apiKey)"
    project_id = "\(id)"
    emulator_host = "\(host)"

    """
  }

  public func advance(by seconds: TimeInterval) async throws {
    _ = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/clock"), ["advance": seconds])
  }

  public func accounts() async throws -> [[String: Any]] {
    let answer = try await Control.get(base.appendingPathComponent("_test/projects/\(id)/accounts")) as? [String: Any]
    return answer?["accounts"] as? [[String: Any]] ?? []
  }

  /// The requests the project received (`op`, `fields`, `result`, …; never a secret).
  public func log() async throws -> [[String: Any]] {
    let answer = try await Control.get(base.appendingPathComponent("_test/projects/\(id)/log")) as? [String: Any]
    return answer?["requests"] as? [[String: Any]] ?? []
  }

  public func disable(_ localID: String) async throws {
    _ = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/users/\(localID)/disable"), [:])
  }

  /// The next `count` requests of `op` answer `status` (500 or 503).
  public func fault(_ op: String, status: Int = 503, count: Int = 1) async throws {
    _ = try await Control.post(
      base.appendingPathComponent("_test/projects/\(id)/fault"), ["op": op, "status": status, "count": count])
  }
}
