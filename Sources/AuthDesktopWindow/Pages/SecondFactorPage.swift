import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The code page (an `AdwStatusPage`): the first factor succeeded and the account has a second one.
/// It says whose account and which authenticator, takes the 6-digit code (Enter submits), says what
/// was wrong with the last code under the field, and offers Verify and Cancel.
@GLibMainActor
final class SecondFactorPage {
  let root: Widget
  private let code: Widget
  private let problem = FormProblem()

  init(onVerify: @escaping @GLibMainActor (_ code: String) -> Void, onCancel: @escaping @GLibMainActor () -> Void) {
    let code = Adw.entryRow(title: WindowText.secondFactorCode)
    adw_entry_row_set_input_purpose(glibCast(code, to: AdwEntryRow.self), GTK_INPUT_PURPOSE_DIGITS)
    let submit: @GLibMainActor () -> Void = { onVerify(Gtk.text(of: code)) }
    GtkSignal.connect(code, "entry-activated", submit)
    let verify = Gtk.button(
      WindowText.verify, accessible: WindowText.verifyAccessible, classes: ["suggested-action", "pill"], action: submit)
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, classes: ["pill"], action: onCancel)
    root = Adw.statusPage(
      icon: "dialog-password-symbolic", title: WindowText.secondFactorTitle,
      child: Adw.clamp(
        Gtk.box(spacing: 18, [Adw.group(title: nil, [code]), problem.label, verify, cancel]), width: 360))
    authdesktop_accessible_set_label(root, WindowText.secondFactorPage)
    self.code = code
  }

  func update(_ prompt: SecondFactorPrompt) {
    Adw.setStatus(root, description: WindowText.secondFactorBody(email: prompt.email, factorName: prompt.factorName))
    problem.show(prompt.problem)
    clearCode()
  }

  func clearCode() { gtk_editable_set_text(OpaquePointer(code), "") }
}
