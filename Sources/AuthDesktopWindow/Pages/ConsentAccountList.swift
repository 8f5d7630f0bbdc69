import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import CAdwaita
import CGtk

/// The accounts an app may be given, in the consent dialog: a linked column of toggle buttons, one
/// per signed-in account of the provider (its name, its email or login beneath, a check mark on the
/// chosen one), grouped so that one is on, the first one (the service puts an account just added
/// first). Toggle buttons, not radio buttons in rows: GTK 4.8 gives buttons an AT-SPI "click" action
/// and check buttons none, and each is in the keyboard's Tab order.
@GLibMainActor
final class ConsentAccountList {
  let widget: Widget
  private let uids: [String]
  private var toggles: [Widget] = []

  init(_ accounts: [ConsentAccount]) {
    uids = accounts.map(\.uid)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    Gtk.style(column, ["linked"])
    for account in accounts {
      let toggle = Self.toggle(account)
      if let first = toggles.first { gtk_toggle_button_set_group(Self.cast(toggle), Self.cast(first)) }
      Gtk.append(toggle, to: column)
      toggles.append(toggle)
    }
    if let first = toggles.first { gtk_toggle_button_set_active(Self.cast(first), 1) }
    widget = column
  }

  /// The uid of the account whose button is on.
  var chosen: String {
    let index = toggles.firstIndex { gtk_toggle_button_get_active(Self.cast($0)) != 0 } ?? 0
    return uids[index]
  }

  /// One account's button: named by the account's name (said once: the labels inside are hidden from
  /// assistive technologies), its email or login as the description and tooltip.
  private static func toggle(_ account: ConsentAccount) -> Widget {
    let toggle = gtk_toggle_button_new()!
    let name = line(account.title, classes: [])
    var text = [name]
    if let subtitle = account.subtitle { text.append(line(subtitle, classes: ["dim-label", "caption"])) }
    let words = Gtk.box(spacing: 2, text)
    gtk_widget_set_hexpand(words, 1)
    gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
    let mark = gtk_image_new_from_icon_name("object-select-symbolic")!
    let content = Gtk.box(vertical: false, spacing: 12, [words, mark])
    gtk_widget_set_margin_top(content, 6)
    gtk_widget_set_margin_bottom(content, 6)
    authdesktop_accessible_set_hidden(content, 1)
    gtk_button_set_child(glibCast(toggle, to: GtkButton.self), content)
    // The full text when ellipsized, on the (hidden) content: GTK 4.8 would make a tooltip on the button
    // its accessible name.
    gtk_widget_set_tooltip_text(content, [account.title, account.subtitle].compactMap { $0 }.joined(separator: "\n"))
    authdesktop_accessible_set_label(toggle, account.title)
    if let subtitle = account.subtitle { authdesktop_accessible_set_description(toggle, subtitle) }
    // The check mark says which one is chosen, not the colour alone.
    let showMark = { gtk_widget_set_opacity(mark, gtk_toggle_button_get_active(cast(toggle)) != 0 ? 1 : 0) }
    showMark()
    GtkSignal.connect(toggle, "toggled") { showMark() }
    return toggle
  }

  /// A one-line label, start-aligned, ellipsized in the middle when the dialog is narrow.
  private static func line(_ text: String, classes: [String]) -> Widget {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
    Gtk.style(label, classes)
    return label
  }

  private static func cast(_ widget: Widget) -> UnsafeMutablePointer<GtkToggleButton> {
    glibCast(widget, to: GtkToggleButton.self)
  }
}
