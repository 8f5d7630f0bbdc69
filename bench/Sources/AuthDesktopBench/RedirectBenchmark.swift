import AuthDesktopKit
import AuthEngine
import AuthURLSession
import Foundation
import Logging

/// Benchmark 1: a redirect URI handed to the engine → the account and its secrets committed
/// (`Auth.completeRedirect`: token exchange, `/user`, `/user/emails`, then the SQLite transactions and the
/// secret store writes), with the app's transport (`SoupHTTPTransport`, as `DesktopAuth` makes it),
/// against the Authlib GitHub-like server. Each timed sign-in starts signed out, as a user's does (the
/// sign-out before it is not timed); a last series times sign-ins that end another user's session. The
/// floors are the same three HTTP round trips made with a transport and nothing else: libsoup's (the two
/// profile GETs at once, as the engine asks them, and in turn) and URLSession's. Engine and floors run in
/// turns, so they see the same load.
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
    let transport = SoupHTTPTransport(timeout: 10)
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
        transport: SoupHTTPTransport(), secrets: FileSecretStore(dataDirectory: directory),
        pending: SQLitePendingAuthorizationStore(database: database), logger: Self.quietLogger),
      database: database)
    let soup = Floor(server: server, client: client, transport: SoupHTTPTransport())
    let urlSession = Floor(server: server, client: client, transport: URLSessionTransport())
    var samples: [String: [Double]] = [:]
    func record(_ key: String, _ value: Double, _ index: Int) {
      if index >= warmup { samples[key, default: []].append(value) }
    }
    for index in 0..<(warmup + iterations) {
      let location = try await browse(
        try await auth.authorization.begin(OAuthProvider(providerID: "github.com")).authorizationURL, transport)
      try await auth.signOut()
      let (elapsed, result) = try await milliseconds { try await auth.completeRedirect(location) }
      guard result.user.email == "octocat@example.com" else { throw BenchError("unexpected user") }
      record("redirect_ms", elapsed, index)
      for (key, floor, together) in [
        ("together_floor_ms", soup, true), ("floor_ms", soup, false), ("urlsession_floor_ms", urlSession, false),
      ] {
        let code = try await floor.code(browsing: transport)
        record(key, try await milliseconds { try await floor.roundTrips(code: code, together: together) }.0, index)
      }
    }
    // The two halves of `completeRedirect`, timed apart on fresh sign-ins.
    for index in 0..<(warmup + iterations) {
      let location = try await browse(
        try await auth.authorization.begin(OAuthProvider(providerID: "github.com")).authorizationURL, transport)
      try await auth.signOut()
      let (resumeTime, result) = try await milliseconds { try await auth.authorization.resume(with: location) }
      record("resume_ms", resumeTime, index)
      record("sign_in_ms", try await milliseconds { try await auth.signIn(with: result) }.0, index)
    }
    // Signed in already: the sign-in ends that session and deletes its token after a synced commit.
    for index in 0..<(warmup + iterations) {
      let location = try await browse(
        try await auth.authorization.begin(OAuthProvider(providerID: "github.com")).authorizationURL, transport)
      record("replacing_ms", try await milliseconds { try await auth.completeRedirect(location) }.0, index)
    }
    return samples
  }

  struct Client {
    var id: String
    var secret: String
  }

  func registerClient(_ transport: some HTTPTransport) async throws -> Client {
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
func browse(_ url: URL, _ transport: some HTTPTransport) async throws -> URL {
  let response = try await transport.send(HTTPRequest(url: url))
  guard let location = response.header("location").flatMap(URL.init(string:)) else {
    throw BenchError("the authorization endpoint answered \(response.status) without a Location")
  }
  return location
}
