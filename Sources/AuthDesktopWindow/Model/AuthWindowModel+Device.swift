import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// Signing in on another device (RFC 8628's device grant): from the main menu, for a provider
/// configured with `redirect = "device"`, or when no browser can be opened here. The device page shows
/// the prompt while the engine's `DeviceSignInSession` polls; Cancel (or Escape) ends it, and it ends on
/// its own when the codes expire.
extension AuthWindowModel {
  func deviceProviders() -> [(id: String, title: String)] {
    providers().filter { configuration.hasDeviceGrant($0.id, orByDiscovery: true) }
  }

  func signInOnAnotherDevice(providerID: String) { startOnAnotherDevice(providerID, intent: .signIn) }

  /// Starts a device sign-in unless a sign-in is in flight, shows the device page, and shows its end.
  func startOnAnotherDevice(_ providerID: String, intent: SignInIntent) {
    guard isIdle else { return }
    starting = true
    Task { @GLibMainActor in
      let session: DeviceSignInSession
      do {
        try await prepareSignIn()
        session = try await auth.startDeviceSignIn(OAuthProvider(providerID: providerID), intent: intent)
      } catch {
        starting = false
        return show(error)
      }
      deviceSession = session
      starting = false
      state = .device(DevicePromptSummary(providerTitle: WindowText.providerTitle(providerID), prompt: session.prompt))
      let result: Result<AuthDataResult, Error>
      do {
        result = .success(try await session.result())
      } catch {
        result = .failure(error)
      }
      deviceSession = nil
      // The approval happened in a browser elsewhere: the window comes back to the front.
      onPresentRequest?()
      await end(result)
    }
  }
}
