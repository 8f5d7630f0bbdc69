import AuthEngine
import Foundation
import Testing

/// Published test vectors: RFC 7636 Appendix B, RFC 5849 §1.2 and §3.4.1.1, and Twitter's
/// "Creating a signature" example (the §3.4.1.1 signature printed in the RFC is an erratum).
@Suite struct VectorTests {
  @Test func rfc7636AppendixB() {
    let verifier = PKCECodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    #expect(PKCE.challenge(for: verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    #expect(PKCE.method == "S256")
  }

  @Test func generatedVerifiersAreLongRandomAndUnreserved() {
    let first = PKCE.generate(using: SystemRandomSource())
    let second = PKCE.generate(using: SystemRandomSource())
    #expect(first.verifier.reveal().count == 43)
    #expect(first.verifier.reveal().allSatisfy { $0.isLetter || $0.isNumber || "-._~".contains($0) })
    #expect(!first.verifier.constantTimeEquals(second.verifier))
  }

  static let photos = OAuth1Signer(consumerKey: "dpf43f3p2l4k3l03", consumerSecret: ConsumerSecret("kd94hf93k423kf44"))

  static func sign(
    _ signer: OAuth1Signer, _ method: String, _ url: String, oauth: [(name: String, value: String)],
    body: [(name: String, value: String)] = [], tokenSecret: String?
  ) -> String {
    let url = URL(string: url)!
    let query = FormParameters.query(of: url)!.pairs
    let base = OAuth1Signer.baseString(method: method, url: url, query: query, body: body, oauth: oauth)
    return signer.signature(baseString: base, tokenSecret: tokenSecret.map(OAuthTokenSecret.init))
  }

  @Test func rfc5849Section1_2TemporaryCredentials() {
    let oauth: [(name: String, value: String)] = [
      ("realm", "Photos"), ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_signature_method", "HMAC-SHA1"),
      ("oauth_timestamp", "137131200"), ("oauth_nonce", "wIjqoS"),
      ("oauth_callback", "http://printer.example.com/ready"),
    ]
    #expect(
      Self.sign(Self.photos, "POST", "https://photos.example.net/initiate", oauth: oauth, tokenSecret: nil)
        == "74KNZJeDHnMBp0EMJ9ZHt/XKycU=")
  }

  @Test func rfc5849Section1_2TokenCredentials() {
    let oauth: [(name: String, value: String)] = [
      ("realm", "Photos"), ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_token", "hh5s93j4hdidpola"),
      ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "137131201"), ("oauth_nonce", "walatlh"),
      ("oauth_verifier", "hfdp7dh39dks9884"),
    ]
    #expect(
      Self.sign(Self.photos, "POST", "https://photos.example.net/token", oauth: oauth, tokenSecret: "hdhd0244k9j7ao03")
        == "gKgrFCywp7rO0OXSjdot/IHF7IU=")
  }

  @Test func rfc5849Section1_2ProtectedResource() {
    let oauth: [(name: String, value: String)] = [
      ("realm", "Photos"), ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_token", "nnch734d00sl2jdk"),
      ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "137131202"), ("oauth_nonce", "chapoH"),
    ]
    #expect(
      Self.sign(
        Self.photos, "GET", "http://photos.example.net/photos?file=vacation.jpg&size=original", oauth: oauth,
        tokenSecret: "pfkkdhi9sl3r4s00") == "MdpQcU8iPSUjWoN/UDMsK2sui9I=")
  }

  /// §3.4.1.1: the printed base string byte for byte (the RFC's printed signature is an erratum).
  @Test func rfc5849Section3_4_1_1BaseString() {
    let url = URL(string: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b")!
    let body = FormParameters.parse("c2&a3=2+q")!.pairs
    let oauth: [(name: String, value: String)] = [
      ("realm", "Example"), ("oauth_consumer_key", "9djdj82h48djs9d2"), ("oauth_token", "kkk9d7dh3k39sjv7"),
      ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "137131201"), ("oauth_nonce", "7d8f3e4a"),
      ("oauth_signature", "djosJKDKJSD8743243%2Fjdk33klY%3D"),
    ]
    let base = OAuth1Signer.baseString(
      method: "POST", url: url, query: FormParameters.query(of: url)!.pairs, body: body, oauth: oauth)
    #expect(
      base
        == "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7"
    )
    let signer = OAuth1Signer(consumerKey: "9djdj82h48djs9d2", consumerSecret: ConsumerSecret("j49sk3j29djd"))
    #expect(
      signer.signature(baseString: base, tokenSecret: OAuthTokenSecret("dh893hdasih9"))
        == "r6/TJjbCOr97/+UU0NsvSne7s5g=")
  }

  /// Twitter's "Creating a signature" example, through the full `Authorization` header builder.
  @Test func twitterCreatingASignature() {
    let signer = OAuth1Signer(
      consumerKey: "xvz1evFS4wEEPTGEFPHBog",
      consumerSecret: ConsumerSecret("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"))
    let header = signer.authorizationHeader(
      method: "POST", url: URL(string: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true")!,
      body: [("status", "Hello Ladies + Gentlemen, a signed OAuth request!")],
      parameters: .init(
        token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
        nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
        timestamp: 1_318_622_958),
      tokenSecret: OAuthTokenSecret("LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"))
    #expect(header.contains("oauth_signature=\"hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D\""))
    #expect(header.hasPrefix("OAuth oauth_consumer_key=\"xvz1evFS4wEEPTGEFPHBog\""))
  }

  @Test func percentEncodingIsRFC3986() {
    #expect(PercentEncoding.encode("Ladies + Gentlemen") == "Ladies%20%2B%20Gentlemen")
    #expect(PercentEncoding.encode("An encoded string!") == "An%20encoded%20string%21")
    #expect(PercentEncoding.encode("Dogs, Cats & Mice") == "Dogs%2C%20Cats%20%26%20Mice")
    #expect(PercentEncoding.encode("☃") == "%E2%98%83")
    #expect(PercentEncoding.encode("-._~az09") == "-._~az09")
  }
}
