import Foundation

/// The account backend of a Firebase project: every operation is an Identity Toolkit call
/// (`IdentityToolkitClient`), its answers mapped to the local store's codes; this machine keeps only the
/// session (`FirebaseSessions`): the refresh token and the cached ID token in the secret store, the
/// account as last looked up, and the provider credentials keyed by the uid Firebase assigned.
actor IdentityToolkitAccounts: AccountBackend {
  nonisolated let location: AccountLocation
  let client: IdentityToolkitClient
  let storage: AccountStorage
  let sessions: FirebaseSessions
  let pending: PendingCredentials

  /// A cached ID token is refreshed when it expires within this margin (the iOS SDK's 5 minutes).
  static let refreshMargin: TimeInterval = 300

  init(settings: FirebaseSettings, storage: AccountStorage, userAgent: String) {
    location = settings.location
    client = IdentityToolkitClient(settings: settings, transport: storage.environment.transport, userAgent: userAgent)
    self.storage = storage
    sessions = FirebaseSessions(storage: storage)
    pending = PendingCredentials(storage: storage)
  }

  var now: Date { storage.now }

  func currentAccount() async throws -> Account? { try await sessions.current()?.account }

  func signedInAccount(uid: String) async throws -> Account? { try await sessions.session(of: uid)?.account }

  func signedInAccounts() async throws -> SignedInAccounts { try await sessions.all() }

  func signedInAccounts(named name: String) async throws -> [Account] {
    AccountSelector.candidates(name, among: try await sessions.all().accounts)
  }

  func makeCurrent(uid: String) async throws -> Account { try await sessions.makeCurrent(uid: uid) }

  /// `accounts:createAuthUri`. Under email-enumeration protection the answer has no `registered`: the
  /// methods are then hidden, not "none".
  func createAuthUri(email: String) async throws -> SignInMethods {
    let answer = try await client.accounts(
      "createAuthUri", ["identifier": .string(email), "continueUri": .string(IdPRequestBody.requestURI)])
    guard answer["registered"] != nil else { return SignInMethods(methods: [], hidden: true) }
    return SignInMethods(methods: (answer["signinMethods"]?.array ?? []).compactMap(\.string))
  }

  func publicKeys() async throws -> JSONValue { try await client.publicKeys() }

  func signOut(uid: String?) async throws -> [String] { try await sessions.end(of: uid) }

  /// The session's ID token, refreshed through the Secure Token API when it expires within 5 minutes.
  /// An answer that ends the session (the user disabled or deleted, the refresh token revoked) ends
  /// it here too. The refresh holds the session's refresh lock (`RefreshLock`) from a second read of
  /// its tokens to their save: a caller that waited there for another's refresh finds the tokens
  /// changed since its first read and takes them, so the refresh token is sent once.
  func idToken(uid: String, forceRefresh: Bool) async throws -> IDToken {
    let session = try await requireSession(uid)
    let tokens = try await sessions.tokens(of: session)
    if !forceRefresh, tokens.expiresAt > now + Self.refreshMargin { return tokens.idToken }
    return try await storage.refreshLock.holding("firebase-session-" + session.id) {
      let active = try await requireSession(uid)
      let current = try await sessions.tokens(of: active)
      let refreshedMeanwhile =
        (current.expiresAt != tokens.expiresAt || !current.idToken.constantTimeEquals(tokens.idToken))
        && current.expiresAt > now
      if refreshedMeanwhile || (!forceRefresh && current.expiresAt > now + Self.refreshMargin) {
        return current.idToken
      }
      let answer = try await endingSession(of: uid) { try await client.token(refreshToken: current.refreshToken) }
      guard answer["user_id"]?.string == uid else {
        throw AuthError(.invalidProviderResponse, origin: .accountServer, detail: "the token is another user's")
      }
      let renewed = try SessionTokens.required(answer, now: now, of: "token")
      try await sessions.replaceTokens(of: active, with: renewed)
      return renewed.idToken
    }
  }

  /// The active session of `uid`, which must be signed in here.
  func requireSession(_ uid: String) async throws -> FirebaseSessions.Active {
    guard let session = try await sessions.session(of: uid) else {
      throw AuthError(.noCurrentUser, origin: .request)
    }
    return session
  }

  /// `accounts:lookup` with `idToken` (of the session of `uid`, or of a sign-in's new tokens when nil):
  /// the account as the project has it now.
  func lookup(_ idToken: IDToken, of uid: String?) async throws -> Account {
    try Account(
      lookup: try await endingSession(of: uid) {
        try await client.accounts("lookup", ["idToken": .string(idToken.reveal())])
      })
  }

  /// Runs a call made with the session's tokens; when the answer says the session is over
  /// (`USER_DISABLED`, `TOKEN_EXPIRED`, `INVALID_ID_TOKEN`, `INVALID_REFRESH_TOKEN`, `USER_NOT_FOUND`),
  /// ends the session of `uid` here before the error goes on (nil: a sign-in's new tokens, no session
  /// yet): `status` then no longer shows that user signed in.
  func endingSession<T: Sendable>(of uid: String?, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as AuthError where error.endsTheSession {
      if let uid { _ = try? await sessions.end(of: uid) }
      storage.logger.notice("the Firebase session ended", metadata: ["code": "\(error.code.rawValue)"])
      throw error
    }
  }
}
