import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport

@testable import AuthDesktopWindow

/// A window model that starts waiting for a redirect and records what `deliver` receives; a
/// delivery signs the preview account in, so the window's page shows that it arrived.
@GLibMainActor
final class RecordingWindowModel: WindowModel {
  private(set) var state: WindowState = .waiting(
    providerTitle: "GitHub", authorizationURL: PreviewWindowModel.authorizationURL)
  {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?
  var onPresentRequest: (@GLibMainActor () -> Void)?
  private(set) var delivered: [URL] = []

  nonisolated init() {}

  var schemeWarning: String? { nil }
  let isEmulator = false
  func providers() -> [(id: String, title: String)] { [("github.com", "GitHub")] }

  func deliver(_ url: URL) async {
    delivered.append(url)
    state = .signedIn(PreviewWindowModel.account)
  }

}
