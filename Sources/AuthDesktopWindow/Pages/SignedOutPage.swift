import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// "Sign in to AuthDesktop": a "Continue with …" button per configured provider, then email and
/// password with "Sign in".
@GLibMainActor
final class SignedOutPage {
  let root: Widget
  private let password: Widget

  init(
    providers: [(id: String, title: String)], onProvider: @escaping @GLibMainActor (String) -> Void,
    onEmailSignIn: @escaping @GLibMainActor (_ email: String, _ password: String) -> Void
  ) {
    let email = Gtk.entry(placeholder: WindowText.emailPlaceholder, accessible: WindowText.emailPlaceholder)
    let password = Gtk.entry(
      placeholder: WindowText.passwordPlaceholder, accessible: WindowText.passwordPlaceholder, password: true)
    gtk_entry_set_input_purpose(glibCast(email, to: GtkEntry.self), GTK_INPUT_PURPOSE_EMAIL)
    let submit: @GLibMainActor () -> Void = { onEmailSignIn(Gtk.text(of: email), Gtk.text(of: password)) }
    let signIn = Gtk.button(
      WindowText.signIn, accessible: WindowText.signInWithEmail, classes: ["suggested-action"], action: submit)
    // Enter in the email field moves on to the password; Enter in the password signs in.
    GtkSignal.connect(email, "activate") { gtk_widget_grab_focus(password) }
    GtkSignal.connect(password, "activate", submit)

    let buttons = providers.map { provider in
      Gtk.button(WindowText.continueWith(provider.title)) { onProvider(provider.id) }
    }
    let providerButtons = Gtk.box(spacing: 6, buttons)
    gtk_widget_set_margin_top(providerButtons, 12)
    let form = Gtk.box(spacing: 6, [email, password])
    gtk_widget_set_margin_bottom(form, 6)
    root = Gtk.page(
      accessible: WindowText.signedOutPage,
      [
        Gtk.label(WindowText.signInTitle, classes: ["title-1"]),
        Gtk.label(WindowText.signInSubtitle, classes: ["dim-label"]),
        providerButtons, Self.separator(), form, signIn,
      ])
    self.password = password
  }

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
