import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

/// Fixed data for showing and screenshotting the window without providers, a keyring or a network
/// (`AUTH_DESKTOP_PREVIEW_PAGE`). Every action just moves to the page it would lead to.
@GLibMainActor
final class PreviewWindowModel: WindowModel {
  private(set) var state: WindowState {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?
  var onPresentRequest: (@GLibMainActor () -> Void)?

  nonisolated static let account = AccountSummary(
    uid: "Jq3xY7bKp2WmN8sVt4Lc", displayName: "Ada Lovelace", email: "ada@example.com",
    providers: [
      .init(providerID: "github.com", detail: "ada@example.com"), .init(providerID: "twitter.com", detail: "@ada"),
    ], linkable: ["oidc.Example"])
  nonisolated static let authorizationURL = URL(
    string: "https://github.com/login/oauth/authorize?client_id=preview&state=preview&code_challenge_method=S256")!

  nonisolated init(state: WindowState = .signedOut) {
    self.state = state
  }

  /// The model for a page name of `AUTH_DESKTOP_PREVIEW_PAGE`, or nil for an unknown name.
  nonisolated convenience init?(page: String) {
    let states: [WindowState] = [
      .signedOut, .waiting(providerTitle: "GitHub", authorizationURL: Self.authorizationURL), .signedIn(Self.account),
      .conflict(email: "ada@example.com", methods: ["github.com", "password"], providerID: "twitter.com"),
      .error(Self.error(.networkRequestFailed)),
    ]
    guard let state = states.first(where: { $0.page.rawValue == page }) else { return nil }
    self.init(state: state)
  }

  /// How the window words `code` (GitHub's, for a network failure).
  nonisolated static func error(_ code: AuthErrorCode) -> UserFacingError {
    let payload: AuthError.Payload =
      code == .networkRequestFailed ? .network(NetworkFailure(host: "github.com", reason: .hostNotFound)) : .none
    return UserFacingError(
      AuthError(
        code, origin: .request, payload: payload, providerID: code == .networkRequestFailed ? "github.com" : nil),
      for: .window)
  }

  /// The preview never warns: it opens no browser.
  var schemeWarning: String? { nil }
  let isEmulator = false

  func providers() -> [(id: String, title: String)] {
    ["github.com", "twitter.com", "oidc.Example"].map { ($0, WindowText.providerTitle($0)) }
  }

  /// Always nil: a `User` can only come from a real `Auth` (the preview shows `account` instead).
  func currentUser() async -> User? { nil }

  func deliver(_ url: URL) async {
    if case .waiting = state { state = .signedIn(Self.account) }
  }

  func signIn(providerID: String) {
    state = .waiting(providerTitle: WindowText.providerTitle(providerID), authorizationURL: Self.authorizationURL)
  }

  func signIn(email: String, password: String) {
    state =
      email.isEmpty || password.isEmpty
      ? .error(Self.error(email.isEmpty ? .invalidEmail : .wrongPassword)) : .signedIn(Self.account)
  }

  func cancelSignIn() { state = .signedOut }

  func signInAndLink(method: String) {
    method == "password" ? (state = .signedOut) : signIn(providerID: method)
  }

  func link(providerID: String) { signIn(providerID: providerID) }

  func unlink(providerID: String) {
    guard case .signedIn(var account) = state else { return }
    account.providers.removeAll { $0.providerID == providerID }
    account.linkable.append(providerID)
    state = .signedIn(account)
  }

  func reauthenticate() { signIn(providerID: "github.com") }
  func signOut() { state = .signedOut }
  func deleteAccount() { state = .signedOut }
  func storeMayHaveChanged() {}
  func dismissError() { state = .signedOut }
}
