import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation

/// Connected apps: every app the user allowed to use an account (a grant, `ConnectedApp`), as
/// boxed-list rows — the app's icon and name, then the account and provider, the permissions and when
/// it last used its grant — each with Remove; Back (or Escape) returns to the signed-in page. The model
/// follows the store, so a grant given, used or removed elsewhere shows at once.
@GLibMainActor
final class ConnectedAppsPage {
  let root: Widget
  private let group = Adw.group(title: nil)
  private var rows: [Widget] = []
  private let onRemove: @GLibMainActor (ConnectedApp) -> Void

  init(onRemove: @escaping @GLibMainActor (ConnectedApp) -> Void, onBack: @escaping @GLibMainActor () -> Void) {
    self.onRemove = onRemove
    let title = Gtk.label(WindowText.connectedApps, classes: ["title-1"])
    let body = Gtk.label(WindowText.connectedAppsBody, classes: ["dim-label"])
    let back = Gtk.button(WindowText.back, classes: ["pill"], action: onBack)
    gtk_widget_set_halign(back, GTK_ALIGN_CENTER)
    let column = Gtk.box(spacing: 24, margin: 24, [Gtk.box(spacing: 6, [title, body]), group, back])
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), Adw.clamp(column))
    root = scroller
    authdesktop_accessible_set_label(root, WindowText.connectedApps)
  }

  func update(_ apps: [ConnectedApp]) {
    let list = glibCast(group, to: AdwPreferencesGroup.self)
    for row in rows { adw_preferences_group_remove(list, row) }
    rows = apps.isEmpty ? [Adw.actionRow(title: WindowText.noConnectedApps)] : apps.map(row)
    for row in rows { adw_preferences_group_add(list, row) }
  }

  /// `[icon] Notes / Ada Lovelace · GitHub / Permissions: repo / Last used … ……… [Remove]`.
  private func row(_ app: ConnectedApp) -> Widget {
    let remove = Gtk.button(
      WindowText.removeApp, accessible: WindowText.removeAppAccessible(app.appName, account: app.accountName),
      classes: ["destructive-action"]
    ) { [onRemove] in onRemove(app) }
    let details = WindowText.connectedAppDetails(app, date: Self.date)
    let row = Adw.actionRow(title: app.appName, subtitle: details, suffix: remove)
    // The title keeps one line; the details keep theirs (account, permissions, last use).
    let action = glibCast(row, to: AdwActionRow.self)
    adw_action_row_set_title_lines(action, 1)
    gtk_widget_set_tooltip_text(row, "\(app.appName)\n\(details)")
    authdesktop_accessible_set_description(row, "\(app.appName)\n\(details)")
    let icon = AppIcon.image(forApp: app.app)
    authdesktop_accessible_set_hidden(icon, 1)
    adw_action_row_add_prefix(action, icon)
    return row
  }

  /// A date and time in the user's locale (GLib's `%x %R`, from `LC_TIME`).
  static func date(_ date: Date) -> String {
    guard let time = g_date_time_new_from_unix_local(gint64(date.timeIntervalSince1970)) else { return "" }
    defer { g_date_time_unref(time) }
    guard let text = g_date_time_format(time, "%x %R") else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}
