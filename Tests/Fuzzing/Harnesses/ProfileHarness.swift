import Foundation

@testable import AuthEngine

/// Provider profiles: GitHub's `/user` and `/user/emails`, X's `verify_credentials` (OAuth 1.0a) and
/// `/2/users/me`, an OpenID Provider's UserInfo; every API request answered with the input.
enum ProfileHarness {
  static let discovery = DiscoveryDocument(
    issuer: "https://issuer.example", authorizationEndpoint: URL(string: "https://issuer.example/authorize")!,
    tokenEndpoint: URL(string: "https://issuer.example/token")!, jwksURI: JWTHarness.jwksURI,
    userinfoEndpoint: URL(string: "https://issuer.example/userinfo")!, revocationEndpoint: nil,
    deviceAuthorizationEndpoint: nil, tokenEndpointAuthMethods: ["client_secret_basic"],
    issuerParameterSupported: false)

  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 5)
    let http = FuzzFixtures.http(answering: HTTPResponse(status: 200, body: input.body))
    var context = ProfileContext(
      provider: FuzzFixtures.provider("github.com"), accessToken: AccessToken("fuzz-access"), http: http)
    let parser: any ProfileParser.Type
    switch input.variant {
    case 0:
      context.scopes = ["read:user", "user:email"]
      parser = GitHubProfile.self
    case 1:
      parser = GitHubProfile.self
    case 2:
      context.provider = FuzzFixtures.provider("twitter.com")
      context.oauth1 = OAuth1Client(
        http: http, signer: OAuth1Signer(consumerKey: "tw-key", consumerSecret: ConsumerSecret("tw-secret")),
        clock: FuzzFixtures.clock, random: CountingRandomSource())
      context.tokenSecret = OAuthTokenSecret("fuzz-token-secret")
      parser = TwitterV1Profile.self
    case 3:
      context.provider = FuzzFixtures.provider("twitter.com")
      parser = TwitterV2Profile.self
    default:
      context.provider = FuzzFixtures.provider("oidc.fuzz")
      context.discovery = discovery
      context.idTokenClaims = ["sub": .string("user-1"), "iss": .string("https://issuer.example")]
      parser = OpenIDProfile.self
    }
    guard let (identity, profile) = try? await parser.identity(context) else { return }
    _ = try? JSONEncoder().encode(JSONValue.object(profile))
    _ = identity.uid
  }
}
