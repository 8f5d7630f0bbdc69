import AuthEngine
import Foundation

/// The emulator's one HTTP handler: the provider emulator (GitHub-, X- and OpenID-like) and the
/// Identity Toolkit emulator (Firebase Authentication's REST API) side by side on one port, so a
/// `[firebase]` configuration whose emulator host is this port finds both. The Identity Toolkit's
/// paths (`IdentityToolkitEmulator`) never collide with the providers' (`EmulatorRoutes`).
///
/// `GET /` answers firebase-tools' readiness document `{"authEmulator": {"ready": true}}`, except to a
/// browser (`Accept` with `text/html`), which gets the provider emulator's index page.
public struct EmulatorRouter: Sendable {
  public let providers: ProviderEmulator
  public let identityToolkit: IdentityToolkitEmulator

  public init(providers: ProviderEmulator, identityToolkit: IdentityToolkitEmulator) {
    self.providers = providers
    self.identityToolkit = identityToolkit
  }

  /// Both emulators for `configuration` (nil: the built-in one) at `baseURL`: the Identity Toolkit
  /// project enables the configuration's providers, pointed at this emulator.
  public init(
    baseURL: URL, identity: AppIdentity, configuration: AuthConfiguration?, identities: any EmulatorIdentityStore,
    projectID: String = IdentityToolkitProject.defaultProjectID, storage: IdentityToolkitEmulator.Storage,
    deviceFlow: DeviceFlowSettings = DeviceFlowSettings()
  ) {
    let providers = ProviderEmulator(
      baseURL: baseURL, identity: identity, configuration: configuration, identities: identities,
      deviceFlow: deviceFlow)
    var project = IdentityToolkitProject(
      projectID: projectID, configuration: configuration, emulatorBaseURL: baseURL, identity: identity)
    project.anonymousEnabled = true  // as in Google's emulator, where every sign-in method is on
    self.init(
      providers: providers,
      identityToolkit: IdentityToolkitEmulator(provider: providers, project: project, storage: storage))
  }

  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    // DNS rebinding: a page on another host name that resolves to 127.0.0.1 gets nothing.
    if let host = request.header("Host"), !ProviderEmulator.isLoopbackHost(host) {
      return EmulatorHTTP.text("Misdirected Request", status: 421)
    }
    let path = EmulatorHTTP.path(of: request).removingPercentEncoding ?? ""
    let browser = request.header("Accept")?.lowercased().contains("text/html") ?? false
    if (path == "/" && !browser) || IdentityToolkitEmulator.serves(path) {
      return await identityToolkit.handle(request)
    }
    return await providers.handle(request)
  }
}
