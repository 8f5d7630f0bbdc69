import AuthEngine
import Foundation

/// An application registered at the emulated provider: what a developer would enter in GitHub's
/// "OAuth Apps", X's developer portal or an OpenID provider's client list.
public struct EmulatorClient: Sendable {
  public var provider: EmulatorIdentity.Provider
  /// The OAuth 2.0 `client_id`, or the OAuth 1.0a consumer key.
  public var clientID: String
  /// OAuth 2.0: required at the token endpoint when set (a confidential client).
  public var clientSecret: ClientSecret?
  /// OAuth 1.0a: the consumer secret every signature is keyed with.
  public var consumerSecret: ConsumerSecret?
  /// Registered redirect URIs (callback URLs), matched by `accepts(redirectURI:)`.
  public var redirectURIs: [URL]

  public init(
    provider: EmulatorIdentity.Provider, clientID: String, clientSecret: ClientSecret? = nil,
    consumerSecret: ConsumerSecret? = nil, redirectURIs: [URL]
  ) {
    self.provider = provider
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.consumerSecret = consumerSecret
    self.redirectURIs = redirectURIs
  }

  /// Whether `candidate` is a registered redirect URI: byte for byte (RFC 9700 §2.1, OAuth 1.0a callbacks
  /// likewise), except that a registered loopback URI `http://127.0.0.1/PATH` accepts any port on the
  /// same address and exact path (RFC 8252 §7.3). A query or fragment is never accepted.
  public func accepts(redirectURI candidate: String) -> Bool {
    redirectURIs.contains { registered in
      if candidate == registered.absoluteString { return true }
      guard registered.scheme == "http", registered.port == nil,
        let host = registered.host, host == "127.0.0.1" || host == "[::1]" || host == "::1",
        let parsed = URLComponents(string: candidate), parsed.scheme == "http", parsed.host == registered.host,
        parsed.user == nil, parsed.password == nil, parsed.percentEncodedQuery == nil, parsed.fragment == nil,
        !candidate.contains("#"), !candidate.contains("?")
      else { return false }
      return parsed.percentEncodedPath
        == (URLComponents(url: registered, resolvingAgainstBaseURL: false)?
          .percentEncodedPath ?? registered.path)
    }
  }
}
