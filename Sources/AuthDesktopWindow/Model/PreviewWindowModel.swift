import AuthDesktopApp
import AuthDesktopKit
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
  var onPresentRequest: (@GLibMainActor () -> Void)?

  nonisolated static let account = AccountSummary(
    Account(
      uid: "Jq3xY7bKp2WmN8sVt4Lc", email: "ada@example.com", emailVerified: true, displayName: "Ada Lovelace",
      photoURL: nil,
      providerData: [
        UserInfo(providerID: "github.com", uid: "1815", email: "ada@example.com", displayName: nil, photoURL: nil),
        UserInfo(providerID: "twitter.com", uid: "1852", email: nil, displayName: "@ada", photoURL: nil),
      ],
      metadata: UserMetadata(
        creationDate: Date(timeIntervalSince1970: 1_700_000_000),
        lastSignInDate: Date(timeIntervalSince1970: 1_700_000_000))),
    linkable: ["oidc.Example"])
  nonisolated static let authorizationURL = URL(
    string: "https://github.com/login/oauth/authorize?client_id=preview&state=preview&code_challenge_method=S256")!

  /// Two apps allowed to use Ada's accounts: a Flatpak that has used its grant, and a program that has not.
  nonisolated static let connectedApps = [
    ConnectedApp(
      AppGrant(
        app: "org.gnome.Notes", appName: "Notes", uid: account.uid, providerID: "github.com",
        scopes: ["read:user", "repo"], grantedAt: Date(timeIntervalSince1970: 1_700_000_000),
        lastUsedAt: Date(timeIntervalSince1970: 1_700_003_600)),
      accountName: "Ada Lovelace"),
    ConnectedApp(
      AppGrant(
        app: "/usr/bin/backup-tool", appName: "backup-tool", uid: account.uid, providerID: "twitter.com", scopes: [],
        grantedAt: Date(timeIntervalSince1970: 1_700_000_000), lastUsedAt: nil),
      accountName: "Ada Lovelace"),
  ]

  /// GitHub's device flow gives no `verification_uri_complete`: the QR code carries the address.
  nonisolated static let devicePrompt = DevicePromptSummary(
    providerTitle: "GitHub", verificationURI: URL(string: "https://github.com/login/device")!, userCode: "WDJB-MJHT")

  nonisolated init(state: WindowState = .signedOut) {
    self.state = state
  }

  /// The model for a page name of `AUTH_DESKTOP_PREVIEW_PAGE`, or nil for an unknown name.
  nonisolated convenience init?(page: String) {
    let states: [WindowState] = [
      .signedOut, .signUp, .waiting(providerTitle: "GitHub", authorizationURL: Self.authorizationURL),
      .device(Self.devicePrompt),
      .signedIn(Self.account),
      .conflict(email: "ada@example.com", methods: ["github.com", "password"], providerID: "twitter.com"),
      .secondFactor(SecondFactorPrompt(email: "ada@example.com", factorName: "Pixel 8")),
      .enrollSecondFactor(
        EnrollmentPrompt(
          groupedKey: "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP",
          otpauthURI:
            "otpauth://totp/my-app-12345:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
            + "&issuer=my-app-12345&algorithm=SHA1&digits=6&period=30")),
      .error(Self.error(.networkRequestFailed)), .unavailable(Self.configurationProblem),
      .connectedApps(Self.connectedApps),
    ]
    guard let state = states.first(where: { $0.page?.rawValue == page }) else { return nil }
    self.init(state: state)
  }

  /// How the window words `code` (GitHub's, for a network failure).
  nonisolated static func error(_ code: AuthErrorCode) -> WindowProblem {
    let payload: AuthError.Payload =
      switch code {
      case .networkRequestFailed: .network(NetworkFailure(host: "github.com", reason: .hostNotFound))
      case .weakPassword: .password(.tooShort(minimumLength: PasswordHasher.minimumLength))
      default: .none
      }
    return WindowProblem(
      AuthError(
        code, origin: .request, payload: payload, providerID: code == .networkRequestFailed ? "github.com" : nil))
  }

  /// A misspelt key in the configuration file (the start-up error page).
  nonisolated static let configurationProblem = WindowProblem(
    AuthError(
      .invalidConfiguration, origin: .configuration,
      payload: .configuration(
        ConfigurationIssue(
          file: "/home/ada/.config/auth-desktop/config.toml", table: "[providers.\"github.com\"]", key: "client_idd",
          problem: .unknownKey(allowed: ["client_id", "client_secret", "redirect", "scopes"])))))

  /// The preview never warns: it opens no browser.
  var schemeWarning: String? { nil }
  let isEmulator = false

  func providers() -> [(id: String, title: String)] {
    ["github.com", "twitter.com", "oidc.Example"].map { ($0, WindowText.providerTitle($0)) }
  }

  func deliver(_ url: URL) async {
    if case .waiting = state { state = .signedIn(Self.account) }
  }

  func signIn(providerID: String) {
    state = .waiting(providerTitle: WindowText.providerTitle(providerID), authorizationURL: Self.authorizationURL)
  }

  func deviceProviders() -> [(id: String, title: String)] { [("github.com", "GitHub")] }

  func signInOnAnotherDevice(providerID: String) { state = .device(Self.devicePrompt) }

  func signIn(email: String, password: String) {
    state =
      email.isEmpty || password.isEmpty
      ? .error(Self.error(email.isEmpty ? .invalidEmail : .wrongPassword)) : .signedIn(Self.account)
  }

  func showSignUp() { state = .signUp }

  func signUp(email: String, password: String) {
    state = PasswordHasher.isWeak(Password(password)) ? .error(Self.error(.weakPassword)) : .signedIn(Self.account)
  }

  func signInAnonymously() {
    var account = Self.account.account
    (account.email, account.displayName, account.providerData) = (nil, nil, [])
    state = .signedIn(AccountSummary(account, linkable: providers().map(\.id)))
  }

  func cancelSignIn() {
    if case .connectedApps = state { state = .signedIn(Self.account) } else { state = .signedOut }
  }
  func showConnectedApps() { state = .connectedApps(Self.connectedApps) }
  func removeConnectedApp(_ app: ConnectedApp) {
    guard case .connectedApps(let apps) = state else { return }
    state = .connectedApps(apps.filter { $0 != app })
  }

  func submitSecondFactor(code: String) { state = .signedIn(Self.account) }
  func finishSecondFactorEnrollment(code: String) { state = .signedIn(Self.account) }
  func signInAndLink(method: String) {
    method == "password" ? (state = .signedOut) : signIn(providerID: method)
  }

  func link(providerID: String) { signIn(providerID: providerID) }

  func unlink(providerID: String) {
    guard case .signedIn(var summary) = state else { return }
    summary.account.providerData.removeAll { $0.providerID == providerID }
    summary.linkable.append(providerID)
    state = .signedIn(summary)
  }

  func reauthenticate() { signIn(providerID: "github.com") }
  func signOut() { state = .signedOut }
  func addAccount() { state = .addAccount }
  func signOut(uid: String) {
    guard case .signedIn(var summary) = state else { return }
    summary.others.removeAll { $0.uid == uid }
    state = .signedIn(summary)
  }
  func deleteAccount() { state = .signedOut }
  func storeMayHaveChanged() {}
  func dismissError() { state = .signedOut }
}
