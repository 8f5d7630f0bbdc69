import AuthDesktopKit
import CGtk
import Foundation

/// libadwaita styles the window with its own stylesheet: its init sets GTK's `gtk-theme-name` to
/// libadwaita's empty theme (unless `GTK_THEME` is set). By then GTK has made its settings and parsed
/// its default theme for nothing: 13 ms of a start on a 2-core benchmark machine.
/// `GTK_THEME` set to that empty theme while GTK makes its settings skips the parse; unset before
/// libadwaita's init reads it, libadwaita then sets the same theme and loads its stylesheet as always.
///
/// The variable is set at the start of `main`, before any thread runs, and unset once the application
/// knows whether it is the primary instance (`notify::is-registered`, before `startup`, and before the
/// model's preparation starts threads of its own), so no child process inherits it. A user's own
/// `GTK_THEME` is left alone. The window looks the same either way (the same pixels under Xvfb).
enum ThemeStart {
  static let variable = "GTK_THEME"
  static let emptyTheme = "Adwaita-empty"
  // Written before the first thread starts (`arm`), then only on the GTK thread (`disarm`).
  nonisolated(unsafe) private static var armed = false

  /// At the start of `main`, while the process has one thread.
  static func arm() {
    guard getenv(variable) == nil else { return }
    setenv(variable, emptyTheme, 1)
    armed = true
  }

  /// In the primary instance (`initializeGtk`), GTK's settings are made under the empty theme first;
  /// a forwarding instance opens no display. Then the variable goes. Idempotent.
  @GLibMainActor static func disarm(initializeGtk: Bool) {
    guard armed else { return }
    armed = false
    if initializeGtk {
      gtk_init()
      _ = gtk_settings_get_default()
    }
    unsetenv(variable)
  }
}
