import AuthEngine
import Foundation

/// Firebase Authentication's REST API (Identity Toolkit v1 and Secure Token) in the Firebase Auth
/// Emulator's URL layout, so `auth-desktop --emulator` runs the Firebase account mode offline. Its
/// behaviour follows firebase-tools' Auth emulator (`src/emulator/auth/operations.ts`, cited per
/// operation in the `IdentityToolkitOperation+…` files), and production where the two differ: provider tokens
/// are verified with this emulator's own providers (`IdPVerifier`), ID tokens are RS256-signed and
/// expire, `autoCreate` and `pendingToken` work, `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` can occur.
///
/// Paths (the host segment is part of the path, as in firebase-tools' `server.ts`; the same paths
/// without it work too):
/// - `POST /identitytoolkit.googleapis.com/v1/accounts:OP?key=…`, OP one of `signInWithIdp`, `signUp`,
///   `signInWithPassword`, `lookup`, `update`, `delete`, `createAuthUri`, `signInWithCustomToken`,
///   `sendOobCode`, `resetPassword` (JSON);
/// - `POST /securetoken.googleapis.com/v1/token?key=…` (form or JSON);
/// - the TOTP second factor, `POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start`
///   (`:finalize`, `:withdraw`) and `…/v2/accounts/mfaSignIn:finalize` (`IdentityToolkitOperation+MFA`);
/// - the ID tokens' public keys: `GET /robot/v1/metadata/jwk/securetoken@system.gserviceaccount.com` and
///   `/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com`, also under `/www.googleapis.com`;
/// - the Admin API's project-scoped account paths, `…/v1/projects/P/accounts…` (`+Projects`);
/// - firebase-tools' admin endpoints (unauthenticated, as there): `DELETE /emulator/v1/projects/ID/accounts`
///   (and `/tenants/TENANT/accounts`), `GET|PATCH /emulator/v1/projects/ID/config`, `GET …/ID/oobCodes`;
/// - `GET /`: `{"authEmulator": {"ready": true}}` (`EmulatorRouter` gives browsers the index page).
///
/// The API key is `?key=` or `x-goog-api-key`; any non-empty key is the project's (firebase-tools
/// `getProjectIdByApiKey`), none is 403 (rest.spec "should throw 403 if API key is not provided").
/// `Authorization: Bearer owner` is firebase-tools' admin credential (`localId` forms of lookup, update
/// with `disableUser`, and delete).
public actor IdentityToolkitEmulator {
  /// Where the accounts live: memory (tests) or `DATA_DIR/emulator/identity-toolkit` (`FileIdentityToolkitStore`).
  public enum Storage: Sendable {
    case memory
    case dataDirectory(URL)
  }

  public static let securetokenAccount = "securetoken@system.gserviceaccount.com"
  static let accountsPrefixes = ["/identitytoolkit.googleapis.com/v1/accounts:", "/v1/accounts:"]
  static let tokenPaths: Set<String> = ["/securetoken.googleapis.com/v1/token", "/v1/token"]
  static let keyPaths: Set<String> = [
    "/robot/v1/metadata/jwk/\(securetokenAccount)", "/service_accounts/v1/jwk/\(securetokenAccount)",
    "/www.googleapis.com/robot/v1/metadata/jwk/\(securetokenAccount)",
    "/www.googleapis.com/service_accounts/v1/jwk/\(securetokenAccount)",
  ]
  static let adminPrefix = "/emulator/v1/projects/"

  public nonisolated let project: IdentityToolkitProject
  let provider: ProviderEmulator
  let store: any IdentityToolkitStore
  let clock: any AuthClock
  let random: any RandomSource
  var verifier: IdPVerifier { IdPVerifier(provider: provider, clock: clock, random: random) }
  /// The projects' states, read on first use: the configured project's and any other a request names.
  private var states: [String: IdentityToolkitState] = [:]
  private var key: IdentityToolkitSigningKey?

  /// An emulator that verifies provider tokens with `provider` and shares its clock and randomness.
  public init(provider: ProviderEmulator, project: IdentityToolkitProject, storage: Storage) {
    let store: any IdentityToolkitStore =
      switch storage {
      case .memory: InMemoryIdentityToolkitStore()
      case .dataDirectory(let url): FileIdentityToolkitStore(dataDirectory: url)
      }
    self.init(provider: provider, project: project, store: store)
  }

  init(provider: ProviderEmulator, project: IdentityToolkitProject, store: any IdentityToolkitStore) {
    self.provider = provider
    self.project = project
    self.store = store
    clock = provider.clock
    random = provider.random
  }

  /// Whether `path` (percent-decoded) is one of this emulator's (`GET /` aside).
  static func serves(_ path: String) -> Bool {
    accountsPrefixes.contains { path.hasPrefix($0) } || tokenPaths.contains(path) || keyPaths.contains(path)
      || path.hasPrefix(adminPrefix) || projectPrefixes.contains { path.hasPrefix($0) } || mfaOperation(path) != nil
  }

  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    let path = EmulatorHTTP.path(of: request).removingPercentEncoding ?? ""
    let method = request.method.uppercased()
    let get = method == "GET" || method == "HEAD"
    if path == "/" {
      return get ? EmulatorHTTP.json(["authEmulator": ["ready": true]]) : EmulatorHTTP.methodNotAllowed("GET")
    }
    if let prefix = Self.accountsPrefixes.first(where: { path.hasPrefix($0) }) {
      let operation = String(path.dropFirst(prefix.count))
      guard IdentityToolkitBody.schema[operation] != nil, operation != "token" else {
        return IdentityToolkitError("Not Found", status: 404, reason: "notFound", rpcStatus: "NOT_FOUND").response
      }
      return method == "POST" ? await run(operation, request) : EmulatorHTTP.methodNotAllowed("POST")
    }
    if Self.tokenPaths.contains(path) {
      return method == "POST" ? await run("token", request) : EmulatorHTTP.methodNotAllowed("POST")
    }
    if Self.keyPaths.contains(path) { return get ? publicKeys() : EmulatorHTTP.methodNotAllowed("GET") }
    if path.hasPrefix(Self.adminPrefix) { return administer(path, method: method, request) }
    if let operation = Self.mfaOperation(path) {
      return method == "POST" ? await run(operation, request) : EmulatorHTTP.methodNotAllowed("POST")
    }
    if let prefix = Self.projectPrefixes.first(where: { path.hasPrefix($0) }) {
      return handleProject(path, prefix: prefix, method: method, request)
    }
    return IdentityToolkitError("Not Found", status: 404, reason: "notFound", rpcStatus: "NOT_FOUND").response
  }

  /// One `accounts:OP` or `token` request.
  private func run(_ operation: String, _ request: HTTPRequest) async -> HTTPResponse {
    let query = EmulatorHTTP.query(of: request)
    guard let apiKey = query["key"] ?? request.header("x-goog-api-key"), !apiKey.isEmpty else {
      return IdentityToolkitError.missingAPIKey.response
    }
    let admin = EmulatorHTTP.bearer(request) == "owner"
    do {
      let body = try IdentityToolkitBody(request, operation: operation)
      switch operation {
      case "signInWithIdp":
        let (providerID, proof) = try await prove(body)
        return perform(admin: admin) { try $0.signInWithIdp(body, providerID: providerID, proof: proof) }
      case "signUp": return perform(admin: admin) { try $0.signUp(body) }
      case "signInWithPassword": return perform(admin: admin) { try $0.signInWithPassword(body) }
      case "lookup": return perform(admin: admin, saves: false) { try $0.lookup(body) }
      case "update": return perform(admin: admin) { try $0.update(body) }
      case "delete": return perform(admin: admin) { try $0.delete(body) }
      case "createAuthUri": return perform(admin: admin, saves: false) { try $0.createAuthUri(body) }
      case "signInWithCustomToken": return perform(admin: admin) { try $0.signInWithCustomToken(body) }
      case "sendOobCode":
        let base = provider.baseURL
        return perform(admin: admin) { try $0.sendOobCode(body, base: base) }
      case "resetPassword": return perform(admin: admin) { try $0.resetPassword(body) }
      case "mfaEnrollment:start": return perform(admin: admin) { try $0.startMFAEnrollment(body) }
      case "mfaEnrollment:finalize": return perform(admin: admin) { try $0.finalizeMFAEnrollment(body) }
      case "mfaEnrollment:withdraw": return perform(admin: admin) { try $0.withdrawMFA(body) }
      case "mfaSignIn:finalize": return perform(admin: admin) { try $0.finalizeMFASignIn(body) }
      default: return perform(admin: admin) { try $0.grantToken(body) }
      }
    } catch let error as IdentityToolkitError {
      return error.response
    } catch {
      return IdentityToolkitError("INTERNAL", status: 500, reason: "backendError", rpcStatus: "INTERNAL").response
    }
  }

  /// The IdP part of `signInWithIdp`, before any account is read: the request's provider must be
  /// enabled (`OPERATION_NOT_ALLOWED : The identity provider configuration is not found.`), and its
  /// credential is checked with the provider unless a `pendingToken` stands for one. It runs outside
  /// `perform`, so the wait for the provider never holds a copy of the state.
  private func prove(_ body: IdentityToolkitBody) async throws -> (String, IdPProof) {
    for name in ["returnRefreshToken", "pendingIdToken"] where body.bool(name) == true || body.text(name) != nil {
      throw IdentityToolkitError.notImplemented("\(name) is not implemented yet.")  // firebase-tools: 501 as well
    }
    let request = try IdPRequest(body)
    guard let idp = project.providers[request.providerID] else {
      throw IdentityToolkitError("OPERATION_NOT_ALLOWED : The identity provider configuration is not found.")
    }
    if let pending = body.text("pendingToken") { return (request.providerID, .pending(pending)) }
    try IdentityToolkitError.check(
      request.hasCredential, "INVALID_IDP_RESPONSE : Invalid IdP response/credential: no access_token or id_token")
    let (identity, credential) = try await verifier.verify(request.providerID, request.params, as: idp)
    return (request.providerID, .verified(identity, credential))
  }

  /// Runs `work` on a copy of the state and saves the copy when it succeeds (or refuses after a write
  /// that must stay). A state that cannot be read or saved is a 500 and changes nothing.
  /// `projectID`: another project than the configured one (the Admin API's paths name theirs); it has
  /// the configured project's providers and its own users.
  func perform(
    admin: Bool, saves: Bool = true, projectID: String? = nil,
    _ work: (inout IdentityToolkitOperation) throws -> [String: Any]
  ) -> HTTPResponse {
    var operation: IdentityToolkitOperation
    let project = projectID.map(self.project.named) ?? self.project
    do {
      operation = IdentityToolkitOperation(
        state: try currentState(project.projectID), project: project, key: try signingKey(), now: clock.now(),
        random: random, admin: admin)
    } catch {
      return IdentityToolkitError.storage(error).response
    }
    operation.state.purge(now: operation.now)
    do {
      let answer = try work(&operation)
      return (saves ? commit(operation.state) : nil) ?? EmulatorHTTP.json(answer)
    } catch let refusal as IdentityToolkitRefusalAfterWrite {
      return commit(operation.state) ?? refusal.error.response
    } catch let error as IdentityToolkitError {
      return error.response
    } catch {
      return IdentityToolkitError("INTERNAL", status: 500, reason: "backendError", rpcStatus: "INTERNAL").response
    }
  }

  /// Saves `state`; nil when it was saved, else the 500 to answer (the stored state stays the old one).
  func commit(_ state: IdentityToolkitState) -> HTTPResponse? {
    do {
      try store.save(state)
      states[state.projectID] = state
      return nil
    } catch {
      return IdentityToolkitError.storage(error).response
    }
  }

  func currentState(_ projectID: String) throws -> IdentityToolkitState {
    if let state = states[projectID] { return state }
    let loaded = try store.load(projectID: projectID) ?? IdentityToolkitState(projectID: projectID)
    states[projectID] = loaded
    return loaded
  }

  func signingKey() throws -> IdentityToolkitSigningKey {
    if let key { return key }
    let loaded = try store.signingKey()
    key = loaded
    return loaded
  }

  /// The JWK Set of the ID tokens' key (cacheable for an hour, as Google's).
  private func publicKeys() -> HTTPResponse {
    guard let key = try? signingKey(), let body = try? JSONEncoder().encode(key.jwks) else {
      return IdentityToolkitError("INTERNAL", status: 500, reason: "backendError", rpcStatus: "INTERNAL").response
    }
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600"],
      body: body)
  }
}
