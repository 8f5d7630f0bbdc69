import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import CAdwaita
import CGtk

/// The accounts an app may be given, in the consent dialog: a boxed list with one row per signed-in
/// account of the provider (its name, its email or login beneath) and a radio button each, the first
/// one chosen (the service puts an account just added first).
@GLibMainActor
final class ConsentAccountList {
  let widget: Widget
  private let uids: [String]
  private var checks: [Widget] = []

  init(_ accounts: [ConsentAccount]) {
    uids = accounts.map(\.uid)
    let list = gtk_list_box_new()!
    gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
    Gtk.style(list, ["boxed-list"])
    var first: Widget?
    for account in accounts {
      let check = gtk_check_button_new()!
      authdesktop_accessible_set_label(check, account.title)
      if let first { gtk_check_button_set_group(Self.check(check), Self.check(first)) }
      first = first ?? check
      let row = Adw.actionRow(title: account.title, subtitle: account.subtitle)
      adw_action_row_add_prefix(glibCast(row, to: AdwActionRow.self), check)
      adw_action_row_set_activatable_widget(glibCast(row, to: AdwActionRow.self), check)
      // The row labels its activatable widget by its title too ("Hubot Hubot"): one name is enough.
      authdesktop_accessible_reset_labelled_by(check)
      authdesktop_accessible_set_label(check, account.title)
      Adw.keepOnOneLine(row, fullText: [account.title, account.subtitle].compactMap { $0 }.joined(separator: "\n"))
      gtk_list_box_append(OpaquePointer(list), row)
      checks.append(check)
    }
    if let first { gtk_check_button_set_active(Self.check(first), 1) }
    widget = list
  }

  /// The uid of the account whose radio button is on.
  var chosen: String {
    let index = checks.firstIndex { gtk_check_button_get_active(Self.check($0)) != 0 } ?? 0
    return uids[index]
  }

  private static func check(_ widget: Widget) -> UnsafeMutablePointer<GtkCheckButton> {
    glibCast(widget, to: GtkCheckButton.self)
  }
}
