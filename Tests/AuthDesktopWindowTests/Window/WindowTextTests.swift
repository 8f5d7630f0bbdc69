import AuthDesktopApp
import AuthDesktopKit
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The parts of the window that need no display: names of pages and providers, and sentences.
@Suite struct WindowTextTests {
  @Test func everyPreviewPageNameHasAModel() {
    for page in WindowPage.allCases { #expect(PreviewWindowModel(page: page.rawValue) != nil, "\(page)") }
    #expect(PreviewWindowModel(page: "signed_in") == nil)
  }

  @Test func providerTitles() {
    #expect(WindowText.continueWith(WindowText.providerTitle("github.com")) == "Continue with GitHub")
    #expect(WindowText.continueWith(WindowText.providerTitle("twitter.com")) == "Continue with X (Twitter)")
    #expect(WindowText.continueWith(WindowText.providerTitle("oidc.Work")) == "Continue with Work")
  }

  @Test func conflictNamesTheEmailAndEveryMethod() {
    #expect(
      WindowText.conflictBody(email: "a@example.com", methods: ["GitHub"])
        == "An account for a@example.com already exists. It signs in with GitHub.")
    #expect(
      WindowText.conflictBody(email: "a@example.com", methods: ["GitHub", "X (Twitter)", "email and password"])
        .hasSuffix("It signs in with GitHub, X (Twitter) or email and password."))
    #expect(WindowText.signInAndLink("GitHub") == "Sign in with GitHub and link")
  }
}
