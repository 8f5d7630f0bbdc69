import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// The model of a launch that failed (a broken configuration, the emulator's port taken): it only
/// shows the start-up error page. It has no providers and no account, and every sign-in action does
/// nothing; the page's Retry (`app.retry`) makes a new launch and Quit ends the app.
@GLibMainActor
final class StartupErrorModel: WindowModel {
  nonisolated let state: WindowState
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?
  var onPresentRequest: (@GLibMainActor () -> Void)?
  nonisolated let isEmulator: Bool
  /// What the page shows (the session-bus service tells the asking app of it: `AccountsSource.unavailable`).
  nonisolated let problem: WindowProblem

  nonisolated init(_ problem: WindowProblem, isEmulator: Bool = false) {
    state = .unavailable(problem)
    self.problem = problem
    self.isEmulator = isEmulator
  }

  var schemeWarning: String? { nil }
  func providers() -> [(id: String, title: String)] { [] }
  func deliver(_ url: URL) async {}
}
