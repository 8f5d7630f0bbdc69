import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The RFC 8252 §7.3 loopback listener, exercised with real HTTP requests.
@Suite struct SoupRedirectListenerTests {
  init() { TestEnvironment.prepare() }

  /// A query in RFC 3986 normal form (uppercase hex, unreserved characters unencoded), with the
  /// characters a provider's redirect carries: `%2F`, `+`, UTF-8 escapes, empty values.
  static let query =
    "code=SplxlOBeZQQYbYS6WxSbIA%2Fx+y&state=St4te-_.~abc&iss=https%3A%2F%2Fid.example&name=%C3%A9t%C3%A9&empty="

  @Test func bindsLoopbackWithAnEphemeralPort() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    let other = try await SoupRedirectListener().bind(path: "/callback")
    #expect(listener.redirectURI.scheme == "http")
    #expect(listener.redirectURI.host == "127.0.0.1")
    #expect((listener.redirectURI.port ?? 0) > 0)
    #expect(listener.redirectURI.path == "/callback")
    #expect(listener.redirectURI.port != other.redirectURI.port)
    await listener.close()
    await other.close()
  }

  @Test func deliversTheFirstGetOfThePathAndAnswersItWithTheOutcome() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    let url = URL(string: "\(listener.redirectURI.absoluteString)?\(Self.query)")!
    async let answered = HTTPProbe.request(url)
    #expect(try await listener.redirect().absoluteString == url.absoluteString)
    await listener.close(answering: .signedIn)
    let answer = try await answered
    #expect(answer.status == 200)
    #expect(answer.body.contains(RedirectPage.english.signedIn))
    #expect(!answer.body.contains("src=") && !answer.body.contains("href="))
    #expect(answer.headers["content-type"] == "text/html; charset=utf-8")
    #expect(answer.headers["referrer-policy"] == "no-referrer")
    #expect(answer.headers["cache-control"] == "no-store")
    #expect(answer.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'")
  }

  /// The browser tab tells the truth: each outcome has its own page, in the app's words.
  @Test(arguments: [
    (RedirectOutcome?.some(.signedIn), "in"), (.some(.declined), "declined"), (.some(.failed), "failed"),
    (nil, "ended"),
  ])
  func thePageSaysHowTheSignInEnded(outcome: RedirectOutcome?, text: String) async throws {
    let texts = RedirectPage.Texts(
      signedIn: "in", declined: "declined", failed: "failed", ended: "ended", language: "pt-BR")
    let listener = try await SoupRedirectListener(pages: RedirectPage(texts: texts)).bind(path: "/callback")
    async let answered = HTTPProbe.request(URL(string: "\(listener.redirectURI.absoluteString)?code=c&state=s")!)
    _ = try await listener.redirect()
    await listener.close(answering: outcome)
    let answer = try await answered
    #expect(answer.body.contains("<p>\(text)</p>"))
    #expect(answer.body.contains("lang=\"pt-BR\""))
  }

  /// A request the session refuses (not its `state`) is answered at once and the next one is delivered:
  /// a stray or forged request cannot take the redirect's place.
  @Test func aRefusedRequestIsAnsweredAndTheNextIsDelivered() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    let forged = URL(string: "\(listener.redirectURI.absoluteString)?code=forged&state=forged")!
    async let forgedAnswer = HTTPProbe.request(forged)
    #expect(try await listener.redirect() == forged)
    await listener.refuse(forged)
    #expect(try await forgedAnswer.body.contains(RedirectPage.english.failed))
    let real = URL(string: "\(listener.redirectURI.absoluteString)?code=real&state=s")!
    async let realAnswer = HTTPProbe.request(real)
    #expect(try await listener.redirect() == real)
    await listener.close(answering: .signedIn)
    #expect(try await realAnswer.body.contains(RedirectPage.english.signedIn))
  }

  @Test func answersOtherPathsAndMethodsWithoutDeliveringThem() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    let base = listener.redirectURI
    async let delivered = listener.redirect()
    for path in ["/other?code=x", "/callback/extra?code=x", "/favicon.ico", "/Callback?code=x", "/?code=x"] {
      let answer = try await HTTPProbe.request(URL(string: "http://127.0.0.1:\(base.port!)\(path)")!)
      #expect(answer.status == 404, "\(path)")
      #expect(answer.headers["referrer-policy"] == "no-referrer")
    }
    let post = try await HTTPProbe.request(URL(string: "\(base.absoluteString)?code=posted")!, method: "POST")
    #expect(post.status == 405)
    // Only now does the expected request arrive: nothing before it was delivered.
    let real = URL(string: "\(base.absoluteString)?code=real&state=s")!
    async let answered = HTTPProbe.request(real)
    #expect(try await delivered == real)
    await listener.close(answering: .failed)
    #expect(try await answered.body.contains(RedirectPage.english.failed))
  }

  @Test func closeUnbindsThePortAndCancelsTheWait() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/done")
    let waiting = Task { try await listener.redirect() }
    #expect(try await HTTPProbe.request(URL(string: "http://127.0.0.1:\(listener.redirectURI.port!)/x")!).status == 404)
    await listener.close()
    let error = await #expect(throws: AuthError.self) { try await waiting.value }
    #expect(error?.code == .webContextCancelled)
    await #expect(throws: (any Error).self) { try await HTTPProbe.request(listener.redirectURI) }
    #expect(try LoopbackSocketInspector.listeningSocket(port: listener.redirectURI.port!) == nil)
  }

  @Test func droppingTheListenerUnbindsThePort() async throws {
    var listener: (any BoundRedirectListener)? = try await SoupRedirectListener().bind(path: "/callback")
    let port = listener!.redirectURI.port!
    // Seen once under a loaded full run: the first scan of /proc missed the new socket; scan again.
    try await Poll.until("the listening socket", within: .seconds(5), every: .milliseconds(20)) {
      try LoopbackSocketInspector.listeningSocket(port: port) != nil
    }
    listener = nil
    try await Poll.until("the port to be unbound", within: .seconds(5), every: .milliseconds(20)) {
      try LoopbackSocketInspector.listeningSocket(port: port) == nil
    }
  }

  /// The handler closure is a retained box released by libsoup's destroy-notify when the server goes.
  @Test func stoppingReleasesTheHandler() async throws {
    final class Sentinel: Sendable {}
    weak var released: Sentinel?
    do {
      let sentinel = Sentinel()
      released = sentinel
      let server = try await SoupHTTPServer.start(port: 0, reuseAddress: false) { _ in
        { _ in withExtendedLifetime(sentinel) { RedirectPage.notFound } }
      }
      #expect(released != nil)
      await server.stop()
    }
    #expect(released == nil)
  }

  @Test func listensWithoutAddressReuse() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    // Read from /proc, which other tests' sockets churn under a parallel run: look again until it shows.
    let socket = try await Poll.value("the listening socket in /proc/net/tcp", within: .seconds(60)) {
      try LoopbackSocketInspector.listeningSocket(port: listener.redirectURI.port!)
    }
    #expect(socket.reuseAddress == false)
    #expect(socket.reusePort == false)
    await listener.close()
  }

  @Test func cancellingTheWaitThrows() async throws {
    let listener = try await SoupRedirectListener().bind(path: "/callback")
    let waiting = Task { try await listener.redirect() }
    let bound = try #require(listener as? SoupBoundRedirectListener)
    try await Poll.until("redirect() waiting") { bound.isWaiting }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    await listener.close()
  }

  @Test func refusesPathsThatAreNotURIPaths() async throws {
    for path in ["callback", "/a?b", "/a#b", "/a b"] {
      await expectAuthError(.invalidConfiguration) { try await SoupRedirectListener().bind(path: path) }
    }
  }
}
