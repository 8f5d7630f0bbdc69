import AuthEngine
import Foundation
import TestSupport
import Testing

/// The engine's sign-in session end to end, as the shell drives it: the in-memory browser launcher and
/// loopback listener, the Authlib GitHub-like server as the provider, and a manual clock for timeouts.
@Suite struct SignInSessionTests {
  static let minute = Duration.seconds(60)

  func harness(_ options: [String: Any] = [:], loopback: Bool = false) async throws -> AccountHarness {
    let redirect = loopback ? ["redirect_uris": ["http://127.0.0.1/oauth2redirect/github.com"]] : [:]
    let provider = try await Fixtures.github(
      options.merging(redirect) { $1 }, extraConfiguration: loopback ? "redirect = \"loopback\"" : "")
    return try AccountHarness(configuration: provider.configuration)
  }

  func opened(_ browser: RecordingBrowserLauncher) async throws -> URL {
    try #require(await browser.opened.last)
  }

  @Test func customSchemeSessionSignsInWithTheRedirectTheShellHandsIt() async throws {
    let harness = try await harness()
    let browser = RecordingBrowserLauncher()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser,
      redirect: .scheme(receiver: "dev.example.Waiting"),
      timeout: Self.minute)
    #expect(try await opened(browser) == session.pending.authorizationURL)
    let redirect = try await Browser.follow(try await opened(browser))
    let stored = try await harness.auth.authorization.pendingAuthorization(for: redirect)
    #expect(stored?.receiver == "dev.example.Waiting")
    #expect(await session.resume(with: redirect))
    let result = try await session.result()
    #expect(result.user.email == "octocat@example.com")
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(try await harness.auth.authorization.pendingAuthorization(for: redirect) == nil)
  }

  @Test func aSecondSignInOfTheSameUserIsNotNew() async throws {
    let harness = try await harness()
    for expectNew in [true, false] {
      let browser = RecordingBrowserLauncher()
      let session = try await harness.auth.startSignIn(
        OAuthProvider(providerID: "github.com"), browser: browser, redirect: .scheme(receiver: nil),
        timeout: Self.minute)
      #expect(await session.resume(with: try await Browser.follow(try await opened(browser))))
      #expect(try await session.result().additionalUserInfo?.isNewUser == expectNew)
    }
  }

  @Test func loopbackSessionTakesTheRedirectFromItsListenerAndAnswersTheBrowser() async throws {
    let harness = try await harness(loopback: true)
    let browser = RecordingBrowserLauncher()
    let listener = InMemoryRedirectListener()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .loopback(listener), timeout: Self.minute)
    #expect(session.pending.redirectURI.port != nil)
    #expect(await listener.deliver(try await Browser.follow(try await opened(browser))))
    #expect(try await session.result().user.email == "octocat@example.com")
    #expect(listener.answered == [.signedIn])
    #expect(listener.openCount == 0)
  }

  @Test func aForgedLoopbackRequestIsRefusedAndTheRealRedirectStillSignsIn() async throws {
    let harness = try await harness(loopback: true)
    let browser = RecordingBrowserLauncher()
    let listener = InMemoryRedirectListener()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .loopback(listener), timeout: Self.minute)
    let forged = URL(string: "\(session.pending.redirectURI.absoluteString)?code=forged&state=forged")!
    #expect(await listener.deliver(forged))
    try await Poll.until("the forged request to be refused") { listener.refused == [forged] }
    #expect(await !session.isFinished)
    #expect(await listener.deliver(try await Browser.follow(try await opened(browser))))
    #expect(try await session.result().user.email == "octocat@example.com")
    #expect(listener.answered == [.signedIn])
  }

  @Test func aDenialAtTheProviderEndsTheSessionAndTheBrowserSaysSo() async throws {
    let harness = try await harness(["consent": "deny"], loopback: true)
    let browser = RecordingBrowserLauncher()
    let listener = InMemoryRedirectListener()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .loopback(listener), timeout: Self.minute)
    #expect(await listener.deliver(try await Browser.follow(try await opened(browser))))
    await expectAuthError(.webContextCancelled) { try await session.result() }
    #expect(listener.answered == [.declined])
  }

  @Test func theTimeoutEndsTheSessionAndMakesItsStateUnusable() async throws {
    let harness = try await harness(loopback: true)
    let browser = RecordingBrowserLauncher()
    let listener = InMemoryRedirectListener()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .loopback(listener), timeout: Self.minute)
    try await Poll.until("the session's timer") { harness.clock.sleeperCount > 0 }
    harness.clock.advance(by: 59)
    #expect(await !session.isFinished)
    harness.clock.advance(by: 1)
    await expectAuthError(.timeout) { try await session.result() }
    #expect(listener.answered == [nil])
    #expect(try await harness.auth.authorization.pendingAuthorizations().isEmpty)
    let redirect = try await Browser.follow(try await opened(browser))
    await expectAuthError(.noPendingAuthorization) { try await harness.auth.completeRedirect(redirect) }
  }

  @Test func cancelEndsTheSessionAndItsRedirectNoLongerWorks() async throws {
    let harness = try await harness()
    let browser = RecordingBrowserLauncher()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .scheme(receiver: nil),
      timeout: Self.minute)
    await session.cancel()
    await expectAuthError(.webContextCancelled) { try await session.result() }
    let redirect = try await Browser.follow(try await opened(browser))
    #expect(await !session.resume(with: redirect))
    await expectAuthError(.noPendingAuthorization) { try await harness.auth.completeRedirect(redirect) }
    #expect(try await harness.auth.currentUser() == nil)
  }

  @Test func aWrongURLLeavesTheSessionWaiting() async throws {
    let harness = try await harness()
    let browser = RecordingBrowserLauncher()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: browser, redirect: .scheme(receiver: nil),
      timeout: Self.minute)
    let redirect = try await Browser.follow(try await opened(browser))
    var forged = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!
    forged.queryItems = [URLQueryItem(name: "code", value: "forged"), URLQueryItem(name: "state", value: "forged")]
    let otherPath = URL(string: redirect.absoluteString.replacingOccurrences(of: "github.com?", with: "other?"))!
    for wrong in [forged.url!, otherPath, URL(string: "https://evil.example/cb?state=x")!] {
      #expect(await !session.resume(with: wrong), "\(wrong)")
    }
    #expect(await !session.isFinished)
    #expect(await session.resume(with: redirect))
    #expect(try await session.result().user.email == "octocat@example.com")
  }

  @Test func aListenerThatFailsEndsTheSession() async throws {
    let harness = try await harness(loopback: true)
    let listener = InMemoryRedirectListener()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: RecordingBrowserLauncher(), redirect: .loopback(listener),
      timeout: Self.minute)
    listener.fail(with: AuthError(.loopbackUnavailable, origin: .redirect))
    await expectAuthError(.loopbackUnavailable) { try await session.result() }
    #expect(try await harness.auth.authorization.pendingAuthorizations().isEmpty)
  }

  @Test func aListenerThatCannotBindStartsNothing() async throws {
    let harness = try await harness(loopback: true)
    let listener = InMemoryRedirectListener()
    listener.failBinding(with: AuthError(.loopbackUnavailable, origin: .redirect))
    await expectAuthError(.loopbackUnavailable) {
      try await harness.auth.startSignIn(
        OAuthProvider(providerID: "github.com"), browser: RecordingBrowserLauncher(), redirect: .loopback(listener),
        timeout: Self.minute)
    }
    #expect(try await harness.auth.authorization.pendingAuthorizations().isEmpty)
  }

  @Test func aBrowserThatFailsCancelsTheSignIn() async throws {
    let harness = try await harness(loopback: true)
    let listener = InMemoryRedirectListener()
    await expectAuthError(.browserUnavailable) {
      try await harness.auth.startSignIn(
        OAuthProvider(providerID: "github.com"), browser: FailingBrowserLauncher(), redirect: .loopback(listener),
        timeout: Self.minute)
    }
    #expect(try await harness.auth.authorization.pendingAuthorizations().isEmpty)
    #expect(listener.openCount == 0)
  }

  @Test func linkingNeedsASignedInUser() async throws {
    let harness = try await harness()
    await expectAuthError(.noCurrentUser) {
      try await harness.auth.startSignIn(
        OAuthProvider(providerID: "github.com"), intent: .link, browser: RecordingBrowserLauncher(),
        redirect: .scheme(receiver: nil), timeout: Self.minute)
    }
  }

  /// A link for a signed-in user who is not current goes to that user, and leaves the current one.
  @Test func aLinkForAnotherSignedInUserLinksThatUser() async throws {
    let harness = try await harness()
    let ada = try await harness.auth.createUser(email: "ada@example.com", password: Password("correct horse")).user
    let bob = try await harness.auth.createUser(email: "bob@example.com", password: Password("correct horse")).user
    let browser = RecordingBrowserLauncher()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), intent: .link, account: ada.uid, browser: browser,
      redirect: .scheme(receiver: nil), timeout: Self.minute)
    #expect(await session.resume(with: try await Browser.follow(try await opened(browser))))
    #expect(try await session.result().user.uid == ada.uid)
    #expect(
      try await harness.auth.signedInUser(uid: ada.uid)?.providerData.map(\.providerID) == ["github.com", "password"])
    #expect(try await harness.auth.currentUser()?.uid == bob.uid, "linking another user switched to it")
    #expect(try await harness.auth.currentUser()?.providerData.map(\.providerID) == ["password"])
  }
}
