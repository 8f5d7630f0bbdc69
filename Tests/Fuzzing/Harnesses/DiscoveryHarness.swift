import Foundation

@testable import AuthEngine

/// An OpenID Provider's discovery document (OIDC Discovery §4), as fetched for a sign-in: issuer
/// checked, endpoints checked against the endpoint policy, client authentication chosen.
enum DiscoveryHarness {
  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 2)
    let issuer = URL(string: input.variant == 0 ? "https://issuer.example" : "https://issuer.example/tenant/")!
    guard
      let document = try? await DiscoveryDocument.fetch(
        issuer: issuer, http: FuzzFixtures.http(answering: HTTPResponse(status: 200, body: input.body)))
    else { return }
    _ = document.clientAuthentication(hasSecret: true)
    _ = document.clientAuthentication(hasSecret: false)
  }
}
