import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import CAdwaita
import CGtk

/// The session-bus service's question to the user ("Notes wants to sign you in at github.com"): an
/// `AdwMessageDialog`, over the window when it is open, with Deny (the default, and what Escape or
/// closing answers) and Allow. The service shows one at a time (`ConsentQueue`); an app that closes its
/// request or leaves the bus takes its dialog away.
struct ConsentDialog: ConsentProvider {
  static let denyResponse = "deny"
  static let allowResponse = "allow"

  /// The window to show the question over, when one is open.
  let parent: @GLibMainActor @Sendable () -> Widget?

  func decide(_ question: ConsentQuestion) async -> ConsentDecision {
    let shown = Shown()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (answer: CheckedContinuation<ConsentDecision, Never>) in
        Task { @GLibMainActor in shown.present(question, over: parent(), answer: answer) }
      }
    } onCancel: {
      Task { @GLibMainActor in shown.dismiss() }
    }
  }

  /// One dialog: shown, answered once, and taken away when its request ends first.
  @GLibMainActor
  private final class Shown: Sendable {
    private var dialog: Widget?
    private var answer: CheckedContinuation<ConsentDecision, Never>?
    private var dismissed = false

    nonisolated init() {}

    func present(_ question: ConsentQuestion, over parent: Widget?, answer: CheckedContinuation<ConsentDecision, Never>)
    {
      guard !dismissed else { return answer.resume(returning: .deny) }
      self.answer = answer
      let made = adw_message_dialog_new(parent.map { glibCast($0, to: GtkWindow.self) }, question.title, question.body)!
      let message = glibCast(made, to: AdwMessageDialog.self)
      adw_message_dialog_add_response(message, Self.deny, tr("Deny"))
      adw_message_dialog_add_response(message, Self.allow, tr("Allow"))
      adw_message_dialog_set_response_appearance(message, Self.allow, ADW_RESPONSE_SUGGESTED)
      adw_message_dialog_set_default_response(message, Self.deny)
      adw_message_dialog_set_close_response(message, Self.deny)
      Adw.nameControls(in: made)
      GtkSignal.connectResponse(made) { [weak self] response in
        self?.finish(response == Self.allow ? .allow : .deny)
      }
      dialog = made
      if let token = question.activationToken { gtk_window_set_startup_id(glibCast(made, to: GtkWindow.self), token) }
      gtk_window_present(glibCast(made, to: GtkWindow.self))
    }

    func dismiss() {
      dismissed = true
      if let dialog { gtk_window_destroy(glibCast(dialog, to: GtkWindow.self)) }
      finish(.deny)
    }

    private func finish(_ decision: ConsentDecision) {
      dialog = nil
      answer?.resume(returning: decision)
      answer = nil
    }

    private static let deny = ConsentDialog.denyResponse
    private static let allow = ConsentDialog.allowResponse
  }
}
