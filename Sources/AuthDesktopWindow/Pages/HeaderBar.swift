import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// The window's header bar: the main menu ("Use Provider Emulator", "Quit") and, in emulator mode, an
/// "Emulator" badge so nobody mistakes the test providers for real ones.
@GLibMainActor
enum HeaderBar {
  static func make(isEmulator: Bool) -> Widget {
    let bar = gtk_header_bar_new()!
    let menu = g_menu_new()!
    if !isEmulator { g_menu_append(menu, WindowText.useEmulator, "app.emulator") }
    g_menu_append(menu, WindowText.quit, "app.quit")
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(
      OpaquePointer(button), UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
    g_object_unref(UnsafeMutableRawPointer(menu))
    authdesktop_accessible_set_label(button, WindowText.mainMenu)
    gtk_header_bar_pack_end(OpaquePointer(bar), button)
    if isEmulator {
      installBadgeStyle()
      let badge = Gtk.label(WindowText.emulatorBadge, classes: ["emulator-badge"])
      authdesktop_accessible_set_description(badge, WindowText.emulatorBadgeDescription)
      gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)
      gtk_header_bar_pack_start(OpaquePointer(bar), badge)
    }
    return bar
  }

  private static var styled = false

  /// An amber pill; the theme has no badge style of its own (libadwaita's is not used here).
  private static func installBadgeStyle() {
    guard !styled, let display = gdk_display_get_default() else { return }
    styled = true
    let provider = gtk_css_provider_new()!
    let css = """
      .emulator-badge { background-color: #e5a50a; color: #000000; border-radius: 999px; padding: 2px 10px;
        font-weight: bold; font-size: smaller; }
      """
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(UnsafeMutableRawPointer(provider))
  }
}
