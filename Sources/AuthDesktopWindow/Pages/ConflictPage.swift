import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// Account-exists-with-different-credential: which email, which method(s) its account uses, and a
/// "Sign in with METHOD and link" button per method (the first one is the suggested action).
@GLibMainActor
final class ConflictPage {
  let root: Widget
  private let body = Gtk.label("")
  private let hint = Gtk.label("", classes: ["dim-label"])
  private let buttons = Gtk.box(spacing: 6)
  private let onSignInAndLink: @GLibMainActor (_ method: String) -> Void

  init(onSignInAndLink: @escaping @GLibMainActor (String) -> Void, onCancel: @escaping @GLibMainActor () -> Void) {
    self.onSignInAndLink = onSignInAndLink
    gtk_widget_set_margin_top(buttons, 12)
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, action: onCancel)
    root = Gtk.page(
      accessible: WindowText.conflictPage,
      [Gtk.label(WindowText.conflictTitle, classes: ["title-1"]), body, hint, buttons, cancel])
  }

  func update(email: String, methods: [String], providerID: String) {
    let titles = methods.map(WindowText.providerTitle)
    Gtk.setText(body, WindowText.conflictBody(email: email, methods: titles))
    Gtk.setText(hint, WindowText.conflictHint(WindowText.providerTitle(providerID)))
    while let child = gtk_widget_get_first_child(buttons) {
      gtk_box_remove(glibCast(buttons, to: GtkBox.self), child)
    }
    for (index, method) in methods.enumerated() {
      let onSignInAndLink = self.onSignInAndLink
      let button = Gtk.button(
        WindowText.signInAndLink(titles[index]), classes: index == 0 ? ["suggested-action"] : []
      ) { onSignInAndLink(method) }
      Gtk.append(button, to: buttons)
    }
  }
}
