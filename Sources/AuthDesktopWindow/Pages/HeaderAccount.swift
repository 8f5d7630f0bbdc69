import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The header bar's current account: a small avatar with initials and the account's name, shown while
/// someone is signed in. Its accessible name says what it is ("Current account: Ada Lovelace").
@GLibMainActor
final class HeaderAccount {
  let root: Widget
  private let avatar = Adw.avatar(size: 24, text: "")
  private let name = gtk_label_new("")!

  init() {
    gtk_label_set_ellipsize(OpaquePointer(name), PANGO_ELLIPSIZE_END)
    gtk_label_set_width_chars(OpaquePointer(name), 12)
    gtk_label_set_max_width_chars(OpaquePointer(name), 20)
    authdesktop_accessible_set_hidden(avatar, 1)
    root = Gtk.box(vertical: false, spacing: 6, [avatar, name])
    gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
    Gtk.setVisible(root, false)
  }

  /// Shows `account` (the current one), or nothing for nil.
  func update(_ account: AccountSummary?) {
    Gtk.setVisible(root, account != nil)
    guard let account else { return }
    let shown = WindowText.accountName(AccountSummary.OtherAccount(account.account))
    Adw.setAvatarText(avatar, account.isAnonymous ? "" : shown)
    gtk_label_set_text(OpaquePointer(name), shown)
    authdesktop_accessible_set_label(name, WindowText.currentAccount(shown))
    gtk_widget_set_tooltip_text(root, WindowText.currentAccount(shown))
  }
}
