import AuthDesktopService
import Testing

/// The scopes in the consent's words (`ScopeWords`): each provider's own table, and a scope without words
/// shown as itself.
@Suite struct ScopeWordsTests {
  @Test func eachProviderHasItsOwnWords() {
    #expect(
      ScopeWords.lines(["read:user", "repo"], providerID: "github.com") == [
        "Read your profile", "Read and change all your repositories, private ones too",
      ])
    #expect(
      ScopeWords.lines(["openid", "email"], providerID: "oidc.corp") == ["Know who you are", "Read your email address"])
    #expect(ScopeWords.lines(["tweet.write"], providerID: "twitter.com") == ["Post for you"])
    #expect(ScopeWords.words(for: "email", providerID: "github.com") == nil, "GitHub has no scope email")
    #expect(ScopeWords.words(for: "repo", providerID: "oidc.corp") == nil)
  }

  @Test func aScopeWithoutWordsIsShownAsItself() {
    #expect(
      ScopeWords.lines(["admin:enterprise"], providerID: "github.com") == [
        "“admin:enterprise” (AuthDesktop cannot describe it)"
      ])
    #expect(ScopeWords.lines(["groups"], providerID: "oidc.corp") == ["“groups” (AuthDesktop cannot describe it)"])
  }
}
