import Foundation

@testable import AuthEngine

/// Redirect URLs as the browser hands them over: matched against each kind of redirect URI, read
/// for the pending-request lookup, then completing a waiting sign-in (GitHub by custom scheme or
/// loopback, X by OAuth 1.0a). `STATE` and `TOKEN` in the input stand for the waiting request's
/// `state` and request token, so seeds can reach a completion.
enum RedirectHarness {
  static let expected = [
    "dev.authdesktop.Fuzz:/oauth2redirect/github.com", "http://127.0.0.1:43210/oauth2redirect/github.com",
    "dev.authdesktop.Fuzz://oauth1redirect/twitter.com",
  ].compactMap(URL.init(string:))

  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 3)
    if let url = URL(string: input.text) {
      for uri in expected { _ = RedirectMatching.matches(url, uri) }
      if let parameters = FormParameters.query(of: url) { _ = PendingAuthorizationRecord.ids(lookedUpBy: parameters) }
    }
    let service = AuthorizationService(
      configuration: FuzzFixtures.configuration,
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { answer($0) }, secrets: InMemorySecretStore(),
        pending: InMemoryPendingAuthorizationStore(), clock: FuzzFixtures.clock, random: CountingRandomSource()))
    let provider = OAuthProvider(providerID: input.variant == 2 ? "twitter.com" : "github.com")
    let loopback = input.variant == 1 ? URL(string: "http://127.0.0.1:43210/oauth2redirect/github.com") : nil
    guard let pending = try? await service.begin(provider, loopbackRedirectURI: loopback),
      let query = FormParameters.query(of: pending.authorizationURL)
    else { return }
    let text = input.text.replacingOccurrences(of: "STATE", with: query["state"] ?? "")
      .replacingOccurrences(of: "TOKEN", with: query["oauth_token"] ?? "")
    guard let url = URL(string: text) else { return }
    _ = try? await service.pendingAuthorization(for: url)
    _ = try? await service.resume(with: url)
  }

  /// The providers' side of a completion: tokens, then the profile.
  static func answer(_ request: HTTPRequest) -> HTTPResponse {
    switch request.url.path {
    case "/oauth/request_token":
      return form("oauth_token=request-token&oauth_token_secret=request-secret&oauth_callback_confirmed=true")
    case "/oauth/access_token": return form("oauth_token=access-token&oauth_token_secret=access-secret&user_id=7")
    case "/login/oauth/access_token":
      return InMemoryHTTPTransport.json(["access_token": "gho_fuzz", "token_type": "bearer", "scope": "read:user"])
    case "/user": return InMemoryHTTPTransport.json(["id": 7, "login": "octocat", "name": "Mona"])
    case "/1.1/account/verify_credentials.json":
      return InMemoryHTTPTransport.json(["id_str": "7", "screen_name": "fuzz", "name": "Fuzz"])
    default: return HTTPResponse(status: 404)
    }
  }

  static func form(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(text.utf8))
  }
}
