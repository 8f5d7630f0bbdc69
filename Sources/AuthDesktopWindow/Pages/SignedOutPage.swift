import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// "Sign in to AuthDesktop" (an `AdwStatusPage`): a "Continue with …" button per configured provider,
/// then email and password rows with "Sign in", "Create account" for people without one, and
/// "Continue without an account" (an anonymous user, kept by linking an account later). A
/// problem with what was typed shows under the form (`showProblem`).
@GLibMainActor
final class SignedOutPage {
  struct Actions {
    var provider: @GLibMainActor (_ providerID: String) -> Void
    var signIn: @GLibMainActor (_ email: String, _ password: String) -> Void
    var createAccount: @GLibMainActor () -> Void
    /// "Continue without an account": a new anonymous user, upgraded later by linking.
    var anonymous: @GLibMainActor () -> Void
    /// Back to the signed-in page, after "Add account".
    var back: @GLibMainActor () -> Void
  }

  let root: Widget
  private let password: Widget
  private let problem = FormProblem()
  private let back: Widget

  init(providers: [(id: String, title: String)], actions: Actions) {
    let email = Adw.entryRow(title: WindowText.emailPlaceholder, email: true)
    let password = Adw.entryRow(title: WindowText.passwordPlaceholder, password: true)
    let submit: @GLibMainActor () -> Void = { actions.signIn(Gtk.text(of: email), Gtk.text(of: password)) }
    let signIn = Gtk.button(
      WindowText.signIn, accessible: WindowText.signInWithEmail, classes: ["suggested-action", "pill"],
      action: submit)
    // Enter in the email row moves on to the password; Enter in the password signs in.
    GtkSignal.connect(email, "entry-activated") { gtk_widget_grab_focus(password) }
    GtkSignal.connect(password, "entry-activated", submit)

    let buttons = providers.map { provider in
      Gtk.button(WindowText.continueWith(provider.title), classes: ["pill"]) { actions.provider(provider.id) }
    }
    var children = [Gtk.box(spacing: 12, buttons)]
    if !providers.isEmpty { children.append(Self.separator()) }
    let create = Gtk.button(WindowText.createAccount, classes: ["flat"], action: actions.createAccount)
    let noAccount = Gtk.label(WindowText.noAccount, classes: ["dim-label"])
    gtk_label_set_wrap(OpaquePointer(noAccount), 0)
    let createLine = Gtk.box(vertical: false, spacing: 6, [noAccount, create])
    gtk_widget_set_halign(createLine, GTK_ALIGN_CENTER)
    let anonymous = Gtk.button(WindowText.continueAnonymously, classes: ["flat"], action: actions.anonymous)
    back = Gtk.button(WindowText.back, classes: ["flat"], action: actions.back)
    Gtk.setVisible(back, false)
    children += [
      Adw.group(title: WindowText.emailGroup, [email, password]), problem.label, signIn, createLine, anonymous, back,
    ]
    root = Adw.statusPage(
      icon: nil, title: WindowText.signInTitle, description: WindowText.signInSubtitle,
      child: Adw.clamp(Gtk.box(spacing: 18, children), width: 360))
    authdesktop_accessible_set_label(root, WindowText.signedOutPage)
    self.password = password
  }

  /// Shows (or, for nil, hides) a problem with the email form under it.
  func showProblem(_ problem: WindowProblem?) { self.problem.show(problem) }

  /// After "Add account" the page has Back, to the signed-in page.
  func setAddingAccount(_ adding: Bool) { Gtk.setVisible(back, adding) }

  /// Clears the password (called whenever the page is left, so it never lingers in the widget).
  func clearPassword() {
    gtk_editable_set_text(OpaquePointer(password), "")
  }

  /// `——— or ———` between the provider buttons and the email form.
  private static func separator() -> Widget {
    let line = { () -> Widget in
      let separator = gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!
      gtk_widget_set_hexpand(separator, 1)
      gtk_widget_set_valign(separator, GTK_ALIGN_CENTER)
      return separator
    }
    let or = Gtk.label(WindowText.orSeparator, classes: ["dim-label"])
    return Gtk.box(vertical: false, spacing: 12, [line(), or, line()])
  }
}
