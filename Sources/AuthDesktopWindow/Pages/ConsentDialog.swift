import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import CAdwaita
import CGtk

/// The session-bus service's question to the user ("Notes wants to sign you in at github.com"): an
/// `AdwMessageDialog` with the asking app's icon (`AppIcon.ofCaller`), over the app's window when its
/// `parent_window` names one on this display (`ForeignParent`), else over AuthDesktop's window when it is
/// open, with Deny (the default, and what Escape or closing answers) and Allow. An account question ("Notes wants to use your GitHub account") also
/// lists the signed-in accounts of that provider to choose from (`ConsentAccountList`, the first one
/// chosen) and has "Add account": the service then signs in in the browser and asks again with the new
/// account chosen. The service shows one at a time (`ConsentQueue`); an app that closes its request or
/// leaves the bus takes its dialog away.
struct ConsentDialog: ConsentProvider {
  static let denyResponse = "deny"
  static let allowResponse = "allow"
  static let addAccountResponse = "add-account"

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
      let foreign = ForeignParent(question.parentWindow)
      let over = parent.map { glibCast($0, to: GtkWindow.self) }
      let made = adw_message_dialog_new(foreign == nil ? over : nil, question.title, question.body)!
      let window = glibCast(made, to: GtkWindow.self)
      // The title names the question where the desktop lists windows (the tests find it by that name).
      gtk_window_set_title(window, question.title)
      let message = glibCast(made, to: AdwMessageDialog.self)
      let extra = Gtk.box(spacing: 18, [AppIcon.ofCaller(question.caller)])
      adw_message_dialog_add_response(message, Self.deny, tr("Deny"))
      var accounts: ConsentAccountList?
      if let account = question.account {
        adw_message_dialog_add_response(message, Self.addAccount, tr("Add account"))
        if !account.candidates.isEmpty {
          let list = ConsentAccountList(account.candidates)
          Gtk.append(list.widget, to: extra)
          accounts = list
        }
      }
      adw_message_dialog_set_extra_child(message, extra)
      adw_message_dialog_add_response(message, Self.allow, tr("Allow"))
      if question.account != nil, accounts == nil { adw_message_dialog_set_response_enabled(message, Self.allow, 0) }
      adw_message_dialog_set_response_appearance(message, Self.allow, ADW_RESPONSE_SUGGESTED)
      adw_message_dialog_set_default_response(message, Self.deny)
      adw_message_dialog_set_close_response(message, Self.deny)
      Adw.nameControls(in: made)
      GtkSignal.connectResponse(made) { [weak self] response in
        switch response {
        case Self.allow: self?.finish(accounts.map { .allowAccount(uid: $0.chosen) } ?? .allow)
        case Self.addAccount: self?.finish(.addAccount)
        default: self?.finish(.deny)
        }
      }
      dialog = made
      if let token = question.activationToken { gtk_window_set_startup_id(window, token) }
      if let foreign, !foreign.adopt(window) { gtk_window_set_transient_for(window, over) }
      gtk_window_present(window)
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
    private static let addAccount = ConsentDialog.addAccountResponse
  }
}
