import Foundation
import Testing

@testable import AuthDesktopKit

/// What `auth-desktop URI` takes from a process that answers for a redirect (`RedirectRoutes`): only a
/// receiver of the app's own, so an answer cannot send the URI, with its code, anywhere else.
@Suite struct RedirectRoutesTests {
  static let appID = "dev.authdesktop.AuthDesktop"

  @Test(arguments: [appID, appID + ".SignIn.p1", appID + ".SignIn.p4194304"])
  func theAppsReceiversAreTaken(name: String) {
    #expect(RedirectRoutes.isReceiver(name, appID: Self.appID))
  }

  @Test(arguments: [
    "", "org.freedesktop.secrets", appID + "X", appID + ".SignIn.p", appID + ".SignIn.p12a", appID + ".SignIn.p-1",
    appID + ".SignIn.p١٢", appID + ".Redirects.p12", appID + ".Agent", ":1.42", "dev.authdesktop.Other.SignIn.p1",
  ])
  func anyOtherNameIsNot(name: String) {
    #expect(!RedirectRoutes.isReceiver(name, appID: Self.appID))
  }
}
