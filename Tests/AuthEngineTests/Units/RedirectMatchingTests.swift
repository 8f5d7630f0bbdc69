import Foundation
import Testing

@testable import AuthEngine

/// Exact redirect URI matching (RFC 9700 §2.1, RFC 8252 §8.10), one rule per test.
@Suite struct RedirectMatchingTests {
  static let registered = URL(string: "dev.authdesktop.tests:/oauth2redirect/github.com")!
  static let loopback = URL(string: "http://127.0.0.1:49152/oauth2redirect/github.com")!

  func matches(_ received: String, _ expected: URL = registered) -> Bool {
    RedirectMatching.matches(URL(string: received)!, expected)
  }

  @Test func theRegisteredURIMatches() {
    #expect(matches("dev.authdesktop.tests:/oauth2redirect/github.com"))
  }

  @Test func theRedirectsQueryIsNotPartOfTheComparison() {
    #expect(matches("dev.authdesktop.tests:/oauth2redirect/github.com?code=abc&state=xyz"))
  }

  @Test func aTrailingSlashDoesNotMatch() {
    #expect(!matches("dev.authdesktop.tests:/oauth2redirect/github.com/"))
  }

  @Test func aLongerPathDoesNotMatch() {
    #expect(!matches("dev.authdesktop.tests:/oauth2redirect/github.comX"))
  }

  @Test func thePathIsCaseSensitive() {
    #expect(!matches("dev.authdesktop.tests:/oauth2redirect/GitHub.com"))
  }

  @Test func thePathIsComparedByteForByteNotDecoded() {
    #expect(!matches("dev.authdesktop.tests:/oauth2redirect%2Fgithub.com"))
  }

  @Test func theSchemeIsCaseInsensitive() {
    #expect(matches("DEV.AuthDesktop.Tests:/oauth2redirect/github.com"))
  }

  @Test func anotherSchemeDoesNotMatch() {
    #expect(!matches("dev.authdesktop.other:/oauth2redirect/github.com"))
  }

  @Test func anAuthorityDoesNotMatchAPathOnlyURI() {
    #expect(!matches("dev.authdesktop.tests://oauth2redirect/github.com"))
  }

  @Test func theHostIsCaseInsensitive() {
    #expect(
      RedirectMatching.matches(
        URL(string: "HTTP://LocalHost:49152/oauth2redirect/github.com")!,
        URL(string: "http://localhost:49152/oauth2redirect/github.com")!))
  }

  @Test func anotherHostDoesNotMatch() {
    #expect(!matches("http://localhost:49152/oauth2redirect/github.com", Self.loopback))
  }

  @Test func anotherPortDoesNotMatch() {
    #expect(!matches("http://127.0.0.1:49153/oauth2redirect/github.com", Self.loopback))
  }

  @Test func aMissingPortDoesNotMatch() {
    #expect(!matches("http://127.0.0.1/oauth2redirect/github.com", Self.loopback))
  }

  @Test func userInformationIsRefused() {
    #expect(!matches("http://evil@127.0.0.1:49152/oauth2redirect/github.com", Self.loopback))
  }
}
