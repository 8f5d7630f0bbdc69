import Foundation

@testable import AuthEngine

/// Token endpoint answers: OAuth 2 (RFC 6749 §5.1/§5.2) as JSON, form or text under several statuses,
/// for a code exchange and a refresh; OAuth 1.0a request and access token answers (RFC 5849 §2).
enum TokenHarness {
  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 14)
    let response = FuzzFixtures.response(input.body, kind: input.variant / 2)
    switch input.variant {
    case 12, 13:
      let client = OAuth1Client(
        http: FuzzFixtures.http(answering: HTTPResponse(status: 200, body: input.body)),
        signer: OAuth1Signer(consumerKey: "tw-key", consumerSecret: ConsumerSecret("tw-secret")),
        clock: FuzzFixtures.clock, random: CountingRandomSource())
      let endpoint = URL(string: "https://api.twitter.com/oauth/request_token")!
      if input.variant == 12 {
        _ = try? await client.requestToken(endpoint: endpoint, callback: "dev.authdesktop.fuzz://oauth1redirect/x")
      } else {
        _ = try? await client.accessToken(
          endpoint: endpoint, requestToken: "rt", requestTokenSecret: OAuthTokenSecret("rts"), verifier: "v")
      }
    default:
      guard let tokens = try? TokenClient.interpret(response, refreshing: input.variant % 2 == 1) else { return }
      _ = tokens.expiresIn.map { FuzzFixtures.clock.now() + $0 }
      _ = tokens.idToken.flatMap(IDTokenValidator.unverifiedClaims)
    }
  }
}
