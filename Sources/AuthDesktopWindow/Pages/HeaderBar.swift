import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The window's `AdwHeaderBar`: the title, the main menu ("Sign In on Another Device" with one item
/// per provider that has the device grant, "Connected Apps", "Use Provider Emulator", "About AuthDesktop", "Quit") and, in emulator mode, an "Emulator" badge that explains itself to everyone: a tooltip and
/// the subtitle for sighted users, the accessible description for screen readers.
@GLibMainActor
enum HeaderBar {
  static func make(isEmulator: Bool, deviceProviders: [(id: String, title: String)] = [], account: Widget? = nil)
    -> Widget
  {
    let bar = adw_header_bar_new()!
    let title = adw_window_title_new(WindowText.windowTitle, isEmulator ? WindowText.emulatorSubtitle : nil)!
    adw_header_bar_set_title_widget(OpaquePointer(bar), title)
    let menu = g_menu_new()!
    if !deviceProviders.isEmpty {
      let section = g_menu_new()!
      for provider in deviceProviders {
        let item = g_menu_item_new(provider.title, nil)!
        g_menu_item_set_action_and_target_value(
          item, "win.\(MainWindow.deviceSignInAction)", g_variant_new_string(provider.id))
        g_menu_append_item(section, item)
        g_object_unref(UnsafeMutableRawPointer(item))
      }
      g_menu_append_section(
        menu, WindowText.deviceMenuSection, UnsafeMutableRawPointer(section).assumingMemoryBound(to: GMenuModel.self))
      g_object_unref(UnsafeMutableRawPointer(section))
    }
    g_menu_append(menu, WindowText.connectedAppsMenu, "win.\(MainWindow.connectedAppsAction)")
    if !isEmulator { g_menu_append(menu, WindowText.useEmulator, "app.emulator") }
    g_menu_append(menu, WindowText.about, "win.about")
    g_menu_append(menu, WindowText.quit, "app.quit")
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(
      OpaquePointer(button), UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
    g_object_unref(UnsafeMutableRawPointer(menu))
    // F10 opens it, as the primary menu of a GNOME window.
    gtk_menu_button_set_primary(OpaquePointer(button), 1)
    authdesktop_accessible_set_label(button, WindowText.mainMenu)
    gtk_widget_set_tooltip_text(button, WindowText.mainMenu)
    adw_header_bar_pack_end(OpaquePointer(bar), button)
    // The current account (`HeaderAccount`), beside the main menu.
    if let account { adw_header_bar_pack_end(OpaquePointer(bar), account) }
    if isEmulator {
      installBadgeStyle()
      let badge = Gtk.label(WindowText.emulatorBadge, classes: ["emulator-badge"])
      authdesktop_accessible_set_description(badge, WindowText.emulatorBadgeDescription)
      gtk_widget_set_tooltip_text(badge, WindowText.emulatorBadgeDescription)
      gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)
      adw_header_bar_pack_start(OpaquePointer(bar), badge)
    }
    return bar
  }

  private static var styled = false

  /// An amber pill in libadwaita's warning colours (`@warning_bg_color`, `@warning_fg_color`), so it
  /// reads in the light and the dark style alike.
  private static func installBadgeStyle() {
    guard !styled, let display = gdk_display_get_default() else { return }
    styled = true
    let provider = gtk_css_provider_new()!
    let css = """
      .emulator-badge { background-color: @warning_bg_color; color: @warning_fg_color; border-radius: 999px;
        padding: 2px 10px; font-weight: bold; font-size: smaller; }
      """
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(UnsafeMutableRawPointer(provider))
  }
}
