import AuthEngine
import Foundation

/// Checks an IdP credential with this emulator's own providers, as production checks it with the real
/// ones: the provider is asked, in-process, through the same HTTP API a relying party uses
/// (`ProviderEmulator.handle`). firebase-tools' emulator never calls an IdP (`operations.ts`
/// `parseClaims`, `fakeFetchUserInfoFromIdp`): it trusts JSON claims or an unsigned JWT, and answers a
/// real github.com token with 501. Neither shortcut is accepted here.
///
/// - `github.com`: `GET /user` and `/user/emails` with `Authorization: token ACCESS_TOKEN`. rawId = the
///   numeric `id`; the email is the primary `/user/emails` entry, whose `verified` becomes
///   `emailVerified` (else `/user`'s email, unverified).
/// - `twitter.com`: `GET /1.1/account/verify_credentials.json?include_email=true` signed with OAuth 1.0a
///   (RFC 5849 §3.4.2: the project's consumer key and secret with `access_token` and
///   `oauth_token_secret`). rawId = `id_str`; X does not say whether the email is verified, so it is not.
/// - `oidc.NAME`: see `IdPVerifier+OIDC.swift`.
///
/// Any failure is `INVALID_IDP_RESPONSE : DETAIL`.
struct IdPVerifier: Sendable {
  let provider: ProviderEmulator
  let clock: any AuthClock
  let random: any RandomSource

  static func invalid(_ detail: String) -> IdentityToolkitError {
    IdentityToolkitError("INVALID_IDP_RESPONSE : " + detail)
  }

  /// The identity behind the credential in `params` (postBody merged into requestUri's parameters).
  func verify(_ providerID: String, _ params: FormParameters, as idp: IdentityToolkitProject.IdP) async throws -> (
    IdPIdentity, IdPCredential
  ) {
    switch idp {
    case .github: try await github(params)
    case .twitter(let key, let secret): try await twitter(params, consumerKey: key, consumerSecret: secret)
    case .oidc(let issuer, let clientID): try await oidc(providerID, params, issuer: issuer, clientID: clientID)
    }
  }

  /// Asks the provider emulator for `path` (below its base URL).
  func get(_ path: String, headers: [(name: String, value: String)] = []) async -> (url: String, HTTPResponse) {
    let url = provider.root + path
    guard let parsed = URL(string: url) else { return (url, HTTPResponse(status: 400)) }
    return (url, await provider.handle(HTTPRequest(url: parsed, headers: headers)))
  }

  /// The JSON of a 200 answer, or `INVALID_IDP_RESPONSE`.
  func json(_ answer: (url: String, HTTPResponse)) throws -> JSONValue {
    let (url, response) = answer
    guard response.status == 200 else {
      throw Self.invalid("Failed to fetch resource from \(url), http status: \(response.status)")
    }
    guard let json = JSONValue.parse(response.body) else { throw Self.invalid("Unparseable response from \(url)") }
    return json
  }

  private func github(_ params: FormParameters) async throws -> (IdPIdentity, IdPCredential) {
    guard let token = params["access_token"], !token.isEmpty else {
      throw Self.invalid("github.com needs access_token")
    }
    let headers = [("Authorization", "token \(token)"), ("Accept", "application/vnd.github+json")]
    let answer = await get(EmulatorRoutes.githubUser, headers: headers)
    let user = try json(answer)
    guard let id = user["id"]?.integerString, let profile = user.object else {
      throw Self.invalid("No user id in the response from \(answer.url)")
    }
    var (email, verified) = (user["email"]?.string, false)
    let emails = await get(EmulatorRoutes.githubEmails, headers: headers)
    if emails.1.status == 200, let list = JSONValue.parse(emails.1.body)?.array,
      let primary = list.first(where: { $0["primary"]?.bool == true })
    {
      (email, verified) = (primary["email"]?.string, primary["verified"]?.bool ?? false)
    }
    let identity = IdPIdentity(
      providerId: "github.com", rawId: id, profile: profile, email: email, emailVerified: verified,
      displayName: user["name"]?.string, photoUrl: user["avatar_url"]?.string, screenName: user["login"]?.string)
    return (identity, IdPCredential(accessToken: token))
  }

  private func twitter(_ params: FormParameters, consumerKey: String, consumerSecret: ConsumerSecret) async throws
    -> (IdPIdentity, IdPCredential)
  {
    guard let token = params["access_token"], !token.isEmpty, let secret = params["oauth_token_secret"],
      !secret.isEmpty
    else { throw Self.invalid("twitter.com needs access_token and oauth_token_secret") }
    let path = EmulatorRoutes.twitterVerifyCredentials + "?include_email=true"
    guard let url = URL(string: provider.root + path) else { throw Self.invalid("bad emulator URL") }
    let header = OAuth1Signer(consumerKey: consumerKey, consumerSecret: consumerSecret).authorizationHeader(
      method: "GET", url: url,
      parameters: .init(
        token: token, nonce: random.token(bytes: 16), timestamp: Int(clock.now().timeIntervalSince1970)),
      tokenSecret: OAuthTokenSecret(secret))
    let answer = await get(path, headers: [("Authorization", header)])
    let info = try json(answer)
    guard let id = info["id_str"]?.string, !id.isEmpty, let profile = info.object else {
      throw Self.invalid("No id_str in the response from \(answer.url)")
    }
    let identity = IdPIdentity(
      providerId: "twitter.com", rawId: id, profile: profile, email: info["email"]?.string, emailVerified: false,
      displayName: info["name"]?.string, photoUrl: info["profile_image_url_https"]?.string,
      screenName: info["screen_name"]?.string)
    return (identity, IdPCredential(accessToken: token, tokenSecret: secret))
  }
}
