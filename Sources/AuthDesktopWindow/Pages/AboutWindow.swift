import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk
import Foundation

/// "About AuthDesktop" (`AdwAboutWindow`): name, icon, developer, licence, website, this version
/// (`AppIdentity`) and its release notes from the AppStream metainfo (`ReleaseNotes`).
@GLibMainActor
enum AboutWindow {
  @discardableResult
  static func present(over window: Widget, notes: ReleaseNotes? = ReleaseNotes.load()) -> Widget {
    makeIconAvailable()
    let about = adw_about_window_new()!
    let info = OpaquePointer(about)
    adw_about_window_set_application_name(info, WindowText.windowTitle)
    adw_about_window_set_application_icon(info, AppIdentity.authDesktop.applicationID)
    adw_about_window_set_developer_name(info, WindowText.developerName)
    adw_about_window_set_comments(info, WindowText.aboutComments)
    adw_about_window_set_website(info, WindowText.website)
    adw_about_window_set_license_type(info, GTK_LICENSE_APACHE_2_0)
    let version = AppIdentity.authDesktop.version
    adw_about_window_set_version(info, version)
    if let release = notes?.releases.first(where: { $0.version == version }) {
      adw_about_window_set_release_notes_version(info, release.version)
      adw_about_window_set_release_notes(info, release.notes)
    }
    // Its icon buttons ("Back") and version would read "GtkButton", its images "GtkImage", and "_Copy
    // Text" "_Copy Text Copy Text".
    Adw.nameControls(in: about)
    gtk_window_set_transient_for(glibCast(about, to: GtkWindow.self), glibCast(window, to: GtkWindow.self))
    gtk_window_set_modal(glibCast(about, to: GtkWindow.self), 1)
    gtk_window_present(glibCast(about, to: GtkWindow.self))
    return about
  }

  /// The app's icon comes from the icon theme once `auth-desktop install` put it there; a window run
  /// from the build finds it in the source tree's `data/` (an unthemed icon on the theme's path).
  static func makeIconAvailable() {
    guard let display = gdk_display_get_default() else { return }
    let theme = gtk_icon_theme_get_for_display(display)
    guard gtk_icon_theme_has_icon(theme, AppIdentity.authDesktop.applicationID) == 0,
      let icon = ReleaseNotes.sourceData("\(AppIdentity.authDesktop.applicationID).svg").first(
        where: FileManager.default.fileExists)
    else { return }
    gtk_icon_theme_add_search_path(theme, URL(fileURLWithPath: icon).deletingLastPathComponent().path)
  }
}
