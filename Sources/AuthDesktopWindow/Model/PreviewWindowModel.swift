import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

/// Fixed data for showing and screenshotting the window without providers, a keyring or a network
/// (`AUTH_DESKTOP_PREVIEW_PAGE` only: never the model of a real launch). Every action just moves to the
/// page it would lead to.
@GLibMainActor
final class PreviewWindowModel: WindowModel {
  private(set) var state: WindowState {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?

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
      .signedOut, .signUp, .waiting(providerTitle: "GitHub", authorizationURL: Self.authorizationURL),
      .signedIn(Self.account),
      .conflict(email: "ada@example.com", methods: ["github.com", "password"], providerID: "twitter.com"),
      .error(Self.networkProblem), .unavailable(Self.configurationProblem),
    ]
    guard let state = states.first(where: { $0.page.rawValue == page }) else { return nil }
    self.init(state: state)
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
      ? .error(WindowProblem(AuthError(email.isEmpty ? .invalidEmail : .wrongPassword, origin: .request)))
      : .signedIn(Self.account)
  }

  func showSignUp() { state = .signUp }

  func signUp(email: String, password: String) {
    state =
      PasswordHasher.isWeak(Password(password))
      ? .error(WindowProblem(AuthError(.weakPassword, origin: .request))) : .signedIn(Self.account)
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
  func dismissError() { state = .signedOut }

  nonisolated static let networkProblem = WindowProblem(
    AuthError(
      .networkRequestFailed, origin: .transport, detail: "github.com: the connection timed out",
      providerID: "github.com"))
  nonisolated static let configurationProblem = WindowProblem(
    AuthError(
      .invalidConfiguration, origin: .configuration,
      detail: "/home/ada/.config/auth-desktop/config.toml: [providers.\"github.com\"]: unknown key \"client_idd\""))
}
