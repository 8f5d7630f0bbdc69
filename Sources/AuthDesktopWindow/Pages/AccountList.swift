import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// "Other accounts" on the signed-in page: the other signed-in users as boxed-list rows (an avatar with
/// initials, the name, the email and providers, Switch and Sign out), and "Add account" in the group's
/// header, which starts a sign-in that adds a user. A row stays one line high at the window's narrowest:
/// a long name or email is ellipsized, and the row's tooltip and accessible description have it whole.
@GLibMainActor
final class AccountList {
  struct Actions {
    var add: @GLibMainActor () -> Void
    var switchTo: @GLibMainActor (_ uid: String) -> Void
    var signOut: @GLibMainActor (_ uid: String) -> Void
  }

  let root = Adw.group(title: WindowText.otherAccounts)
  private var rows: [Widget] = []
  private let actions: Actions

  init(actions: Actions) {
    self.actions = actions
    let add = Gtk.button(WindowText.addAccount, accessible: WindowText.addAccountAccessible, action: actions.add)
    gtk_widget_set_valign(add, GTK_ALIGN_CENTER)
    adw_preferences_group_set_header_suffix(glibCast(root, to: AdwPreferencesGroup.self), add)
  }

  func update(_ others: [AccountSummary.OtherAccount]) {
    let group = glibCast(root, to: AdwPreferencesGroup.self)
    for row in rows { adw_preferences_group_remove(group, row) }
    rows = others.map(row)
    for row in rows { adw_preferences_group_add(group, row) }
  }

  /// `(AL) Ada Lovelace / ada@example.com · GitHub ……… [Switch] [Sign out]`.
  private func row(_ account: AccountSummary.OtherAccount) -> Widget {
    let name = WindowText.accountName(account)
    let details = ([account.isAnonymous ? nil : account.email] + account.providerIDs.map(WindowText.providerTitle))
      .compactMap { $0 }.filter { $0 != name }
    let uid = account.uid
    let buttons = Gtk.box(
      vertical: false, spacing: 6,
      [
        Gtk.button(WindowText.switchAccount, accessible: WindowText.switchAccountAccessible(name)) { [actions] in
          actions.switchTo(uid)
        },
        Gtk.button(WindowText.signOut, accessible: WindowText.signOutAccountAccessible(name), classes: ["flat"]) {
          [actions] in actions.signOut(uid)
        },
      ])
    let subtitle = details.isEmpty ? nil : details.joined(separator: " · ")
    let row = Adw.actionRow(title: name, subtitle: subtitle, suffix: buttons)
    Adw.keepOnOneLine(row, fullText: [name, subtitle].compactMap { $0 }.joined(separator: "\n"))
    let avatar = Adw.avatar(size: 32, text: account.isAnonymous ? "" : name)
    authdesktop_accessible_set_hidden(avatar, 1)
    adw_action_row_add_prefix(glibCast(row, to: AdwActionRow.self), avatar)
    return row
  }
}
