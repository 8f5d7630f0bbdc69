import AuthDesktopKit
import AuthDesktopShared
import CAdwaita
import CGtk

/// Account-exists-with-different-credential (an `AdwStatusPage`): which email, which method(s) its
/// account uses, and a "Sign in with METHOD and link" button per method (the first one is the
/// suggested action), then Cancel.
@GLibMainActor
final class ConflictPage {
  let root: Widget
  private let hint = Gtk.label("", classes: ["dim-label"])
  private let buttons = Gtk.box(spacing: 12)
  private let onSignInAndLink: @GLibMainActor (_ method: String) -> Void

  init(onSignInAndLink: @escaping @GLibMainActor (String) -> Void, onCancel: @escaping @GLibMainActor () -> Void) {
    self.onSignInAndLink = onSignInAndLink
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, classes: ["pill"], action: onCancel)
    root = Adw.statusPage(
      icon: "system-users-symbolic", title: WindowText.conflictTitle,
      child: Adw.clamp(Gtk.box(spacing: 18, [hint, buttons, cancel]), width: 360))
    authdesktop_accessible_set_label(root, WindowText.conflictPage)
  }

  func update(email: String, methods: [String], providerID: String) {
    let titles = methods.map(WindowText.providerTitle)
    Adw.setStatus(root, description: WindowText.conflictBody(email: email, methods: titles))
    Gtk.setText(hint, WindowText.conflictHint(WindowText.providerTitle(providerID)))
    while let child = gtk_widget_get_first_child(buttons) {
      gtk_box_remove(glibCast(buttons, to: GtkBox.self), child)
    }
    for (index, method) in methods.enumerated() {
      let onSignInAndLink = self.onSignInAndLink
      let button = Gtk.button(
        WindowText.signInAndLink(titles[index]), classes: index == 0 ? ["suggested-action", "pill"] : ["pill"]
      ) { onSignInAndLink(method) }
      Gtk.append(button, to: buttons)
    }
  }
}
