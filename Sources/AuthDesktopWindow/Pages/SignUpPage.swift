import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk

/// "Create an account": email and password rows, the password rule shown (and checked as you type)
/// before submitting, "Create account" and Back. The account is made by the engine's own checks, so a
/// weak password or a taken email gets the same error as the command line's `sign-up-email`.
@GLibMainActor
final class SignUpPage {
  let root: Widget
  private let password: Widget
  private let rule = Gtk.label(WindowText.passwordRule, classes: ["caption", "dim-label"])
  private let problem = FormProblem()

  init(
    onCreate: @escaping @GLibMainActor (_ email: String, _ password: String) -> Void,
    onBack: @escaping @GLibMainActor () -> Void
  ) {
    let email = Adw.entryRow(title: WindowText.emailPlaceholder, email: true)
    let password = Adw.entryRow(title: WindowText.passwordPlaceholder, password: true)
    let submit: @GLibMainActor () -> Void = { onCreate(Gtk.text(of: email), Gtk.text(of: password)) }
    GtkSignal.connect(email, "entry-activated") { gtk_widget_grab_focus(password) }
    GtkSignal.connect(password, "entry-activated", submit)
    let create = Gtk.button(
      WindowText.createAccount, accessible: WindowText.createAccountAccessible, classes: ["suggested-action", "pill"],
      action: submit)
    let back = Gtk.button(WindowText.back, accessible: WindowText.backToSignIn, classes: ["pill"], action: onBack)
    gtk_label_set_xalign(OpaquePointer(rule), 0)
    gtk_widget_set_halign(rule, GTK_ALIGN_START)
    let form = Gtk.box(spacing: 6, [Adw.group(title: WindowText.emailGroup, [email, password]), rule])
    root = Adw.statusPage(
      icon: "contact-new-symbolic", title: WindowText.signUpTitle, description: WindowText.signUpSubtitle,
      child: Adw.clamp(Gtk.box(spacing: 18, [form, problem.label, create, back]), width: 360))
    authdesktop_accessible_set_label(root, WindowText.signUpPage)
    self.password = password
    GtkSignal.connect(password, "changed") { [weak self] in self?.updateRule() }
  }

  func showProblem(_ problem: WindowProblem?) { self.problem.show(problem) }

  func clearPassword() {
    gtk_editable_set_text(OpaquePointer(password), "")
  }

  /// The rule turns green once the password meets it (the engine's own test, `PasswordHasher.isWeak`).
  private func updateRule() {
    let text = Gtk.text(of: password)
    let met = !PasswordHasher.isWeak(Password(text))
    gtk_widget_remove_css_class(rule, met ? "dim-label" : "success")
    gtk_widget_add_css_class(rule, met ? "success" : "dim-label")
    gtk_label_set_text(OpaquePointer(rule), met ? WindowText.passwordRuleMet : WindowText.passwordRule)
    authdesktop_accessible_set_label(rule, WindowText.passwordRuleProgress(count: text.count, met: met))
  }
}
