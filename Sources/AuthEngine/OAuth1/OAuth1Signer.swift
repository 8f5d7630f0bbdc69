import Crypto
import Foundation

/// RFC 5849 §3.4 HMAC-SHA1 request signing.
public struct OAuth1Signer: Sendable {
  public let consumerKey: String
  public let consumerSecret: ConsumerSecret

  public init(consumerKey: String, consumerSecret: ConsumerSecret) {
    self.consumerKey = consumerKey
    self.consumerSecret = consumerSecret
  }

  /// The `oauth_*` protocol parameters of one request (§3.1), before signing.
  public struct ProtocolParameters: Sendable {
    public var token: String?
    public var nonce: String
    public var timestamp: Int
    /// Extra `oauth_*` parameters: `oauth_callback` (§2.1), `oauth_verifier` (§2.3).
    public var extra: [(name: String, value: String)]

    public init(token: String? = nil, nonce: String, timestamp: Int, extra: [(name: String, value: String)] = []) {
      self.token = token
      self.nonce = nonce
      self.timestamp = timestamp
      self.extra = extra
    }
  }

  func oauthParameters(_ parameters: ProtocolParameters) -> [(name: String, value: String)] {
    var result: [(name: String, value: String)] = [
      ("oauth_consumer_key", consumerKey), ("oauth_nonce", parameters.nonce),
      ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", String(parameters.timestamp)),
      ("oauth_version", "1.0"),
    ]
    if let token = parameters.token { result.append(("oauth_token", token)) }
    return result + parameters.extra
  }

  /// §3.4.1 signature base string. `query` and `body` are decoded name/value pairs; `body` only for
  /// `application/x-www-form-urlencoded` entity-bodies (§3.4.1.3.1).
  public static func baseString(
    method: String, url: URL, query: [(name: String, value: String)], body: [(name: String, value: String)],
    oauth: [(name: String, value: String)]
  ) -> String {
    // §3.4.1.3.1: every parameter but oauth_signature and realm; §3.4.1.3.2: encode, sort, join.
    let signed = oauth.filter { $0.name != "oauth_signature" && $0.name != "realm" }
    let encoded: [(name: String, value: String)] = (query + body + signed).map {
      (PercentEncoding.encode($0.name), PercentEncoding.encode($0.value))
    }
    let sorted = encoded.sorted { lhs, rhs in lhs.name == rhs.name ? lhs.value < rhs.value : lhs.name < rhs.name }
    let normalized = sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
    return [method.uppercased(), baseStringURI(url), normalized].map(PercentEncoding.encode).joined(separator: "&")
  }

  /// §3.4.1.2: lowercase scheme and host, the port only when not the default, the path, no query.
  static func baseStringURI(_ url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? "https"
    let host = url.host?.lowercased() ?? ""
    let port = url.port.flatMap { (scheme == "http" && $0 == 80) || (scheme == "https" && $0 == 443) ? nil : $0 }
    let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(path.isEmpty ? "/" : path)"
  }

  /// §3.4.2 HMAC-SHA1 of `baseString`, keyed by the encoded consumer and token secrets, base64.
  public func signature(baseString: String, tokenSecret: OAuthTokenSecret?) -> String {
    let key =
      PercentEncoding.encode(consumerSecret.reveal()) + "&" + PercentEncoding.encode(tokenSecret?.reveal() ?? "")
    let mac = HMAC<Insecure.SHA1>.authenticationCode(
      for: Data(baseString.utf8), using: SymmetricKey(data: Data(key.utf8)))
    return Data(mac).base64EncodedString()
  }

  /// Signs a request and returns its §3.5.1 `Authorization` header value.
  public func authorizationHeader(
    method: String, url: URL, body: [(name: String, value: String)] = [], parameters: ProtocolParameters,
    tokenSecret: OAuthTokenSecret?
  ) -> String {
    let oauth = oauthParameters(parameters)
    let query = FormParameters.query(of: url)?.pairs ?? []
    let base = Self.baseString(method: method, url: url, query: query, body: body, oauth: oauth)
    let signed = oauth + [("oauth_signature", signature(baseString: base, tokenSecret: tokenSecret))]
    return "OAuth "
      + signed.map { "\(PercentEncoding.encode($0.name))=\"\(PercentEncoding.encode($0.value))\"" }.joined(
        separator: ", ")
  }
}
