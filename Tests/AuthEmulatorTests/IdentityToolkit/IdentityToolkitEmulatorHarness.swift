import AuthEngine
import Crypto
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// The provider emulator (`EmulatorHarness`: in-memory identities, a manual clock) with the Identity
/// Toolkit emulator beside it behind one `EmulatorRouter`, all in-process. Provider tokens come from
/// real flows against the provider emulator; Identity Toolkit requests go through `router.handle`.
struct IdentityToolkitEmulatorHarness {
  /// RSA key generation is slow; the in-memory stores of one test run share this key.
  static let key = try! IdentityToolkitSigningKey.generate()
  static let apiKey = "AIza-any-key"
  static let mona = "github:583231"
  static let monaOnX = "twitter:783214"
  static let tweety = "twitter:1467726470533754880"
  static let jane = "oidc:248289761001"

  let providers: EmulatorHarness
  let toolkit: IdentityToolkitEmulator
  let router: EmulatorRouter
  let store: any IdentityToolkitStore
  var clock: ManualClock { providers.clock }
  var projectID: String { toolkit.project.projectID }

  /// `configure` changes the project (providers, password settings) before the emulator starts.
  init(store: (any IdentityToolkitStore)? = nil, configure: (inout IdentityToolkitProject) -> Void = { _ in }) throws {
    providers = try EmulatorHarness()
    var project = IdentityToolkitProject(configuration: nil, emulatorBaseURL: EmulatorHarness.base, identity: .tests)
    project.passwordCost = .testing
    configure(&project)
    self.store = store ?? InMemoryIdentityToolkitStore(key: Self.key)
    toolkit = IdentityToolkitEmulator(provider: providers.emulator, project: project, store: self.store)
    router = EmulatorRouter(providers: providers.emulator, identityToolkit: toolkit)
  }

  /// What an Identity Toolkit answer holds.
  struct Reply {
    let status: Int
    let json: [String: Any]
    let response: HTTPResponse

    init(_ response: HTTPResponse) {
      self.response = response
      status = response.status
      json = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }

    subscript(_ name: String) -> Any? { json[name] }
    func string(_ name: String) -> String? { json[name] as? String }
    /// `error.message` of an error answer.
    var error: String? { (json["error"] as? [String: Any])?["message"] as? String }
    /// `users[0]` of a lookup.
    var user: [String: Any] { (json["users"] as? [[String: Any]])?.first ?? [:] }
    /// `providerId` → `rawId` of `users[0].providerUserInfo`.
    var rawIds: [String: String] {
      Dictionary(
        ((user["providerUserInfo"] as? [[String: Any]]) ?? []).map {
          ($0["providerId"] as? String ?? "", $0["rawId"] as? String ?? "")
        }, uniquingKeysWith: { $1 })
    }
  }

  func send(
    _ path: String, method: String = "POST", json: [String: Any]? = nil, form: FormParameters? = nil,
    key: String? = apiKey, headers: [(name: String, value: String)] = []
  ) async -> Reply {
    var url = URL(string: EmulatorHarness.base.absoluteString + path)!
    if let key { url = url.appendingQuery(["key": key]) }
    var request = HTTPRequest(method: method, url: url, headers: headers)
    if let json {
      request.headers.append(("Content-Type", "application/json"))
      request.body = try! JSONSerialization.data(withJSONObject: json)
    } else if let form {
      request.headers.append(("Content-Type", "application/x-www-form-urlencoded"))
      request.body = Data(form.encoded.utf8)
    }
    return Reply(await router.handle(request))
  }

  /// `POST /identitytoolkit.googleapis.com/v1/accounts:OP?key=…` with a JSON body.
  func call(_ operation: String, _ body: [String: Any], headers: [(name: String, value: String)] = []) async -> Reply {
    await send("/identitytoolkit.googleapis.com/v1/accounts:\(operation)", json: body, headers: headers)
  }

  /// `accounts:signInWithIdp` as the desktop client sends it: `requestUri = http://localhost`,
  /// `returnIdpCredential` and `returnSecureToken` true, plus `extra`.
  func signInWithIdp(_ postBody: FormParameters, _ extra: [String: Any] = [:]) async -> Reply {
    var body: [String: Any] = [
      "postBody": postBody.encoded, "requestUri": "http://localhost", "returnIdpCredential": true,
      "returnSecureToken": true,
    ]
    body.merge(extra) { $1 }
    return await call("signInWithIdp", body)
  }

  func signUp(_ email: String, _ password: String = "correct horse", idToken: String? = nil) async -> Reply {
    var body: [String: Any] = ["email": email, "password": password, "returnSecureToken": true]
    body["idToken"] = idToken
    return await call("signUp", body)
  }

  func lookup(_ idToken: String) async -> Reply { await call("lookup", ["idToken": idToken]) }

  /// Secure Token's refresh grant, form-encoded as the SDKs send it.
  func refresh(_ refreshToken: String) async -> Reply {
    await send(
      "/securetoken.googleapis.com/v1/token", form: ["grant_type": "refresh_token", "refresh_token": refreshToken])
  }

  /// firebase-tools' admin form: `accounts:update` with `localId` and `disableUser`.
  func disable(_ localId: String) async -> Reply {
    await call("update", ["localId": localId, "disableUser": true], headers: [("Authorization", "Bearer owner")])
  }

  // MARK: Provider credentials, from real flows against the provider emulator

  func githubPostBody(_ identity: String = mona) async throws -> FormParameters {
    let result = try await providers.signIn("github.com", as: identity)
    return ["access_token": try #require(result.credential.accessToken).reveal(), "providerId": "github.com"]
  }

  func twitterPostBody(_ identity: String = tweety) async throws -> FormParameters {
    let result = try await providers.signIn("twitter.com", as: identity)
    return [
      "access_token": try #require(result.credential.accessToken).reveal(),
      "oauth_token_secret": try #require(result.credential.secret).reveal(), "providerId": "twitter.com",
    ]
  }

  static func sha256Hex(_ text: String) -> String {
    SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// An ID token of the OpenID provider for `identity`, whose authorization request carried `nonce`
  /// (for signInWithIdp: hex SHA-256 of the raw nonce), from `issuerPath` (`/oidc` or `/oidc/rs256`).
  func oidcIDToken(_ identity: String = jane, nonce: String, issuerPath: String = "/oidc") async throws -> String {
    let verifier = EmulatorHarness.verifier
    let query: FormParameters = [
      "client_id": EmulatorSetup.oidcClientID, "redirect_uri": EmulatorHarness.oidcRedirect, "response_type": "code",
      "scope": "openid email profile", "state": "s", "code_challenge": EmulatorHarness.challenge,
      "code_challenge_method": "S256", "nonce": nonce,
    ]
    let page = try await providers.consent(
      URL(string: EmulatorHarness.base.absoluteString + issuerPath + "/authorize")!.appendingQuery(query))
    let redirect = try EmulatorHarness.location(
      await providers.answer(page, ["action": "approve", "identity": identity]))
    let code = try #require(FormParameters.query(of: redirect)?["code"])
    let token = await providers.post(
      issuerPath + "/token",
      [
        "grant_type": "authorization_code", "code": code, "redirect_uri": EmulatorHarness.oidcRedirect,
        "code_verifier": verifier, "client_id": EmulatorSetup.oidcClientID,
      ])
    return try #require(EmulatorHarness.json(token)["id_token"] as? String)
  }

  /// postBody for `oidc.emulator`: the ID token and the raw nonce.
  func oidcPostBody(_ identity: String = jane, rawNonce: String = "raw-nonce-0S6_WzA2Mj") async throws
    -> FormParameters
  {
    let idToken = try await oidcIDToken(identity, nonce: Self.sha256Hex(rawNonce))
    return ["id_token": idToken, "nonce": rawNonce, "providerId": EmulatorSetup.oidcProviderID]
  }

  /// Signs in with `postBody` and returns the answer, expecting success.
  func signedIn(
    _ postBody: FormParameters, _ extra: [String: Any] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Reply {
    let reply = await signInWithIdp(postBody, extra)
    #expect(reply.status == 200, "\(reply.json)", sourceLocation: sourceLocation)
    _ = try #require(reply.string("idToken"), sourceLocation: sourceLocation)
    return reply
  }

  /// The claims of an ID token, verified with the keys the emulator publishes.
  func verifiedClaims(_ idToken: String) async throws -> [String: JSONValue] {
    let keys = await send(
      "/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com", method: "GET", key: nil)
    let set = try #require(JSONValue.parse(keys.response.body))
    guard case .success(let verified) = VerifiedJWS.verify(idToken, keySet: set) else {
      Issue.record("the ID token does not verify with the published keys")
      return [:]
    }
    return verified.claims
  }
}
