import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// `Auth` over a recording fake `AccountBackend`: the checks the Firebase SDKs make on the client are
/// made before any backend is asked, whichever backend it is; a reauthentication answered with another
/// account is `auth/user-mismatch`.
@Suite struct ClientSideChecksTests {
  /// An account backend that answers from a fixed account and records every call.
  actor RecordingBackend: AccountBackend {
    nonisolated let location = AccountLocation.firebase(projectID: "demo-fake", tenantID: nil, emulatorHost: nil)
    var account: Account?
    var signedInAs: Account?
    private(set) var calls: [String] = []

    init(account: Account?, signedInAs: Account? = nil) {
      self.account = account
      self.signedInAs = signedInAs
    }

    func currentAccount() -> Account? { account }
    func signedInAccount(uid: String) -> Account? { account?.uid == uid ? account : nil }
    func signedInAccounts() -> SignedInAccounts {
      SignedInAccounts(accounts: account.map { [$0] } ?? [], currentUID: account?.uid)
    }
    func signedInAccounts(named name: String) -> [Account] { account.map { [$0] } ?? [] }
    func makeCurrent(uid: String) throws -> Account {
      guard let account, account.uid == uid else { throw AuthError(.noCurrentUser, origin: .request) }
      return account
    }
    func signInWithIdp(_ request: IdPRequest) throws -> SignedIn {
      calls.append("signInWithIdp \(request.operation)")
      return SignedIn(account: signedInAs ?? account!, isNewUser: false)
    }
    func signUp(email: String, password: Password, linkingTo uid: String?) -> SignedIn {
      calls.append("signUp")
      return SignedIn(account: account!, isNewUser: uid == nil)
    }
    func signInWithPassword(email: String, password: Password) -> SignedIn {
      calls.append("signInWithPassword")
      return SignedIn(account: account!, isNewUser: false)
    }
    func createAuthUri(email: String) -> SignInMethods {
      calls.append("createAuthUri")
      return SignInMethods(methods: [], hidden: true)
    }
    func update(uid: String, _ change: AccountChange) -> Account {
      calls.append("update")
      return account!
    }
    func delete(uid: String) { calls.append("delete") }
    func idToken(uid: String, forceRefresh: Bool) -> IDToken { IDToken("fake") }
    func publicKeys() -> JSONValue { .object(["keys": .array([])]) }
    func signOut(uid: String?) -> [String] {
      calls.append("signOut")
      return account.map { [$0.uid] } ?? []
    }
    func signUpAnonymously() -> SignedIn {
      calls.append("signUpAnonymously")
      return SignedIn(account: account!, isNewUser: true)
    }
    func signInWithCustomToken(_ token: CustomToken) -> SignedIn {
      calls.append("signInWithCustomToken")
      return SignedIn(account: account!, isNewUser: false)
    }
    func sendOobCode(_ request: OobRequest) { calls.append("sendOobCode \(request)") }
    func resetPassword(code: ActionCode, newPassword: Password) -> String {
      calls.append("resetPassword")
      return account?.email ?? ""
    }
    func applyEmailVerification(code: ActionCode) -> Account? {
      calls.append("applyEmailVerification")
      return account
    }
  }

  static func account(_ uid: String, _ providers: [String]) -> Account {
    Account(
      uid: uid, email: "\(uid)@example.com", emailVerified: true, displayName: nil, photoURL: nil,
      providerData: providers.map {
        UserInfo(providerID: $0, uid: "\($0)-id", email: nil, displayName: nil, photoURL: nil)
      },
      metadata: UserMetadata(creationDate: Date(), lastSignInDate: Date()))
  }

  static func auth(_ backend: RecordingBackend) throws -> Auth {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-fake-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    let storage = AccountStorage(
      database: database,
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 599) }, secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database)))
    return Auth(configuration: AuthConfiguration(identity: .tests), storage: storage, backend: backend)
  }

  static func result(_ providerID: String) -> ProviderSignInResult {
    ProviderSignInResult(
      credential: OAuthCredential(providerID: providerID, accessToken: AccessToken("t")),
      identity: FederatedIdentity(providerID: providerID, uid: "\(providerID)-other"),
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: [:], username: nil))
  }

  @Test func checksMadeBeforeAnyRequest() async throws {
    let backend = RecordingBackend(account: Self.account("u1", ["github.com", "password"]))
    let auth = try Self.auth(backend)
    let user = try #require(try await auth.currentUser())
    #expect(auth.accountLocation.firebaseProjectID == "demo-fake")
    await expectAuthError(.providerAlreadyLinked) { try await user.link(with: Self.result("github.com")) }
    await expectAuthError(.providerAlreadyLinked) {
      try await auth.linkPassword(email: "u1@example.com", password: Password("long enough"))
    }
    await expectAuthError(.noSuchProvider) { try await user.unlink(fromProvider: "twitter.com") }
    await expectAuthError(.noSuchProvider) { try await auth.providerCredential(providerID: "twitter.com") }
    let calls = await backend.calls
    #expect(calls.isEmpty, "a backend was asked: \(calls)")
    _ = try await user.unlink(fromProvider: "password")
    #expect(await backend.calls == ["update"])
  }

  @Test func theLastSignInMethodStays() async throws {
    let backend = RecordingBackend(account: Self.account("u1", ["github.com"]))
    let user = try #require(try await Self.auth(backend).currentUser())
    await expectAuthError(.lastSignInMethod) { try await user.unlink(fromProvider: "github.com") }
    #expect(await backend.calls.isEmpty)
  }

  @Test func aReauthenticationAnsweredWithAnotherAccountIsUserMismatch() async throws {
    let backend = RecordingBackend(
      account: Self.account("u1", ["github.com"]), signedInAs: Self.account("u2", ["twitter.com"]))
    let user = try #require(try await Self.auth(backend).currentUser())
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: Self.result("twitter.com")) }
  }

  @Test func operationsNeedTheirUserSignedIn() async throws {
    let backend = RecordingBackend(account: Self.account("u1", ["github.com"]))
    let auth = try Self.auth(backend)
    let user = try #require(try await auth.currentUser())
    await backend.setAccount(Self.account("u2", ["github.com"]))  // another process signed someone else in
    await expectAuthError(.noCurrentUser) { try await user.link(with: Self.result("twitter.com")) }
    await expectAuthError(.noCurrentUser) { try await user.delete() }
    #expect(await backend.calls.isEmpty)
  }
}

extension ClientSideChecksTests.RecordingBackend {
  func setAccount(_ account: Account?) { self.account = account }
}
