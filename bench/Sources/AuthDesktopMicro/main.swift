import AuthEngine
import Benchmark
import Foundation

// Per-operation micro benchmarks on google/swift-benchmark (bench/run passes `--format json`).
// The inputs are the published vectors of RFC 5849 §1.2 and RFC 7636 Appendix B.

let signer = OAuth1Signer(consumerKey: "dpf43f3p2l4k3l03", consumerSecret: ConsumerSecret("kd94hf93k423kf44"))
let tokenURL = URL(string: "https://photos.example.net/token")!
let tokenParameters = OAuth1Signer.ProtocolParameters(
  token: "hh5s93j4hdidpola", nonce: "walatlh", timestamp: 137_131_201, extra: [("oauth_verifier", "hfdp7dh39dks9884")])
let tokenSecret = OAuthTokenSecret("hdhd0244k9j7ao03")
let photosURL = URL(string: "http://photos.example.net/photos?file=vacation.jpg&size=original")!
let photosParameters = OAuth1Signer.ProtocolParameters(
  token: "nnch734d00sl2jdk", nonce: "chapoH", timestamp: 137_131_202)
let photosSecret = OAuthTokenSecret("pfkkdhi9sl3r4s00")
let random = SystemRandomSource()
let verifier = PKCECodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")

/// Keeps a result alive so the optimizer cannot drop the work (swift-benchmark 0.1.2 has no `blackHole`).
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

benchmark("oauth1_sign_token_request") {
  blackHole(
    signer.authorizationHeader(method: "POST", url: tokenURL, parameters: tokenParameters, tokenSecret: tokenSecret))
}

benchmark("oauth1_sign_api_request") {
  blackHole(
    signer.authorizationHeader(method: "GET", url: photosURL, parameters: photosParameters, tokenSecret: photosSecret))
}

benchmark("pkce_generate") {
  blackHole(PKCE.generate(using: random).challenge)
}

benchmark("pkce_challenge") {
  blackHole(PKCE.challenge(for: verifier))
}

Benchmark.main()
