import AuthEngine
import Foundation

/// Checking RFC 5849 signed requests the way X does: the `Authorization: OAuth …` header (§3.5.1),
/// HMAC-SHA1 only (§3.4.2), the timestamp window and single-use nonces (§3.3).
extension ProviderEmulator {
  struct SignedRequest {
    var client: EmulatorClient
    /// The `oauth_*` parameters of the header.
    var oauth: FormParameters
  }

  /// X's error body: `{"errors": [{"code": C, "message": M}]}`.
  static func twitterError(_ status: Int, code: Int, _ message: String) -> HTTPResponse {
    EmulatorHTTP.json(["errors": [["code": code, "message": message]]], status: status)
  }

  static var couldNotAuthenticate: HTTPResponse { twitterError(401, code: 32, "Could not authenticate you.") }

  /// Verifies a signed request. `tokenSecret` gets the request's `oauth_token` (nil when absent) and
  /// returns the matching token secret ("" for none), or nil when the token is not acceptable here.
  func verifySignature(_ request: HTTPRequest, tokenSecret: (String?) -> String?) -> Result<SignedRequest, Refusal> {
    guard let header = request.header("Authorization"), let oauth = Self.parseAuthorization(header) else {
      return .failure(Refusal(Self.twitterError(400, code: 215, "Bad Authentication data.")))
    }
    for name in Set(oauth.pairs.map(\.name)) where oauth.count(of: name) > 1 {
      return .failure(Refusal(Self.twitterError(400, code: 215, "Bad Authentication data.")))
    }
    guard let client = client(.twitter, oauth["oauth_consumer_key"]), let consumerSecret = client.consumerSecret,
      oauth["oauth_signature_method"] == "HMAC-SHA1", oauth["oauth_version"] == nil || oauth["oauth_version"] == "1.0",
      let nonce = oauth["oauth_nonce"], !nonce.isEmpty, let signature = oauth["oauth_signature"],
      let timestampText = oauth["oauth_timestamp"], let timestamp = Int(timestampText)
    else { return .failure(Refusal(Self.couldNotAuthenticate)) }
    guard abs(now().timeIntervalSince1970 - TimeInterval(timestamp)) <= Self.timestampWindow else {
      return .failure(Refusal(Self.twitterError(401, code: 135, "Timestamp out of bounds.")))
    }
    guard let secret = tokenSecret(oauth["oauth_token"]) else {
      return .failure(Refusal(Self.twitterError(401, code: 89, "Invalid or expired token.")))
    }
    // §3.4.1: the base string of the URL the client addressed (this emulator's base URL and the path).
    let url = URL(string: root + EmulatorHTTP.path(of: request)) ?? request.url
    let base = OAuth1Signer.baseString(
      method: request.method, url: url, query: EmulatorHTTP.query(of: request).pairs,
      body: EmulatorHTTP.form(of: request).pairs, oauth: oauth.pairs)
    let expected = OAuth1Signer(consumerKey: client.clientID, consumerSecret: consumerSecret)
      .signature(baseString: base, tokenSecret: OAuthTokenSecret(secret))
    guard EmulatorHTTP.constantTimeEquals(expected, signature) else {
      return .failure(Refusal(Self.couldNotAuthenticate))
    }
    let nonceKey = "\(client.clientID)|\(timestamp)|\(nonce)"
    guard nonces[nonceKey] == nil else { return .failure(Refusal(Self.couldNotAuthenticate)) }
    nonces[nonceKey] = Date(timeIntervalSince1970: TimeInterval(timestamp) + Self.timestampWindow + 1)
    return .success(SignedRequest(client: client, oauth: oauth))
  }

  /// RFC 5849 §3.5.1: `OAuth name="value", …`, values percent-encoded; `realm` dropped. Nil when the
  /// header is not of that form.
  static func parseAuthorization(_ header: String) -> FormParameters? {
    guard header.count > 6, header.prefix(6).lowercased() == "oauth " else { return nil }
    var result = FormParameters()
    for item in header.dropFirst(6).split(separator: ",") {
      let field = item.trimmingCharacters(in: .whitespaces)
      guard let equals = field.firstIndex(of: "=") else { return nil }
      let name = String(field[..<equals])
      let quoted = field[field.index(after: equals)...]
      guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\""),
        let value = PercentEncoding.decode(quoted.dropFirst().dropLast(), plusAsSpace: false)
      else { return nil }
      if name != "realm" { result.append(name, value) }
    }
    return result
  }
}
