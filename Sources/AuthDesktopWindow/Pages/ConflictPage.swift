import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// Account-exists-with-different-credential (an `AdwStatusPage`): which email, which method(s) its
/// account uses, and a button per method (`ConflictOffers`: "Sign in with METHOD and link", or only
/// "Continue with METHOD" when the account has the waiting provider already; the first one is the
/// suggested action), then Cancel.
@GLibMainActor
final class ConflictPage {
  struct Actions {
    var signInAndLink: @GLibMainActor (_ method: String) -> Void
    var signIn: @GLibMainActor (_ method: String) -> Void
    var cancel: @GLibMainActor () -> Void
  }

  let root: Widget
  private let hint = Gtk.label("", classes: ["dim-label"])
  private let buttons = Gtk.box(spacing: 12)
  private let actions: Actions

  init(actions: Actions) {
    self.actions = actions
    let cancel = Gtk.button(
      WindowText.cancel, accessible: WindowText.cancelSignIn, classes: ["pill"], action: actions.cancel)
    root = Adw.statusPage(
      icon: "system-users-symbolic", title: WindowText.conflictTitle,
      child: Adw.clamp(Gtk.box(spacing: 18, [hint, buttons, cancel]), width: 360))
    authdesktop_accessible_set_label(root, WindowText.conflictPage)
  }

  func update(email: String, methods: [String], providerID: String) {
    let titles = methods.map(WindowText.providerTitle)
    Adw.setStatus(root, description: WindowText.conflictBody(email: email, methods: titles))
    let offers = ConflictOffers(methods: methods, providerID: providerID)
    Gtk.setText(hint, offers.hint)
    while let child = gtk_widget_get_first_child(buttons) {
      gtk_box_remove(glibCast(buttons, to: GtkBox.self), child)
    }
    for (index, offer) in offers.offers.enumerated() {
      let action = offer.links ? actions.signInAndLink : actions.signIn
      let button = Gtk.button(offer.title, classes: index == 0 ? ["suggested-action", "pill"] : ["pill"]) {
        action(offer.method)
      }
      Gtk.append(button, to: buttons)
    }
  }
}
