import AuthEngine
import Foundation
import Logging

/// Benchmark 1: a redirect URI handed to the engine → the account and its secrets committed
/// (`Auth.completeRedirect`: token exchange, `/user`, `/user/emails`, then the SQLite transaction and the
/// secret store writes), against the Authlib GitHub-like server. The floor is the same three HTTP round
/// trips made with the engine's transport and nothing else. Both run in turns, so they see the same load.
struct RedirectBenchmark {
  let server: URL
  let iterations: Int
  let warmup: Int
  static let redirect = "dev.authdesktop.authdesktop:/oauth2redirect/github.com"
  /// Warnings and errors only, as the app and the CLI log.
  static var quietLogger: Logger {
    var logger = Logger(label: "auth-desktop-bench")
    logger.logLevel = .warning
    return logger
  }

  func run() async throws -> [String: Any] {
    let transport = URLSessionTransport(timeout: 10)
    let client = try await registerClient(transport)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = try ConfigurationLoader.parse(
      """
      [app]
      secret_store = "file"
      [providers."github.com"]
      client_id = "\(client.id)"
      client_secret = "\(client.secret)"
      authorization_endpoint = "\(server)/login/oauth/authorize"
      token_endpoint = "\(server)/login/oauth/access_token"
      api_base_url = "\(server)"
      """, identity: .bench)
    let database = try AuthDatabase(directory: directory)
    let auth = Auth(
      configuration: configuration,
      environment: AuthEnvironment(
        transport: URLSessionTransport(), secrets: FileSecretStore(dataDirectory: directory),
        pending: SQLitePendingAuthorizationStore(database: database), logger: Self.quietLogger),
      database: database)
    let floor = Floor(server: server, client: client, transport: URLSessionTransport())
    var engine: [Double] = []
    var network: [Double] = []
    for index in 0..<(warmup + iterations) {
      let pending = try await auth.providers.begin(OAuthProvider(providerID: "github.com"))
      let location = try await browse(pending.authorizationURL, transport)
      let (elapsed, result) = try await milliseconds { try await auth.completeRedirect(location) }
      guard result.user.email == "octocat@example.com" else { throw BenchError("unexpected user") }
      let code = try await floor.code(browsing: transport)
      let (floorElapsed, _) = try await milliseconds { try await floor.roundTrips(code: code) }
      if index >= warmup {
        engine.append(elapsed)
        network.append(floorElapsed)
      }
    }
    // The two halves of `completeRedirect`, timed apart on fresh sign-ins.
    var resume: [Double] = []
    var commit: [Double] = []
    for index in 0..<(warmup + iterations) {
      let pending = try await auth.providers.begin(OAuthProvider(providerID: "github.com"))
      let location = try await browse(pending.authorizationURL, transport)
      let (resumeTime, result) = try await milliseconds { try await auth.providers.resume(with: location) }
      let (commitTime, _) = try await milliseconds { try await auth.signIn(with: result) }
      if index >= warmup {
        resume.append(resumeTime)
        commit.append(commitTime)
      }
    }
    return ["redirect_ms": engine, "floor_ms": network, "resume_ms": resume, "sign_in_ms": commit]
  }

  struct Client {
    var id: String
    var secret: String
  }

  func registerClient(_ transport: URLSessionTransport) async throws -> Client {
    let body = try JSONSerialization.data(withJSONObject: ["redirect_uris": [Self.redirect]])
    let response = try await transport.send(
      HTTPRequest(
        method: "POST", url: server.appendingPathComponent("_test/clients"),
        headers: [("Content-Type", "application/json")], body: body))
    guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      let id = object["client_id"] as? String, let secret = object["client_secret"] as? String
    else { throw BenchError("the server did not register a client") }
    return Client(id: id, secret: secret)
  }
}

/// Plays the browser: the raw `Location` of the authorization endpoint's answer.
func browse(_ url: URL, _ transport: URLSessionTransport) async throws -> URL {
  let response = try await transport.send(HTTPRequest(url: url))
  guard let location = response.header("location").flatMap(URL.init(string:)) else {
    throw BenchError("the authorization endpoint answered \(response.status) without a Location")
  }
  return location
}
