import Foundation

/// Whether the Secret Service tests can run, and how to make them. They need a D-Bus session bus with
/// an unlocked gnome-keyring; without a bus they fail with `howToRun` instead of skipping silently,
/// unless `AUTH_DESKTOP_TEST_NO_KEYRING=1` asks to skip them.
public enum KeyringEnvironment {
  public static let environment = ProcessInfo.processInfo.environment
  public static let optedOut = environment["AUTH_DESKTOP_TEST_NO_KEYRING"] == "1"
  public static let hasSessionBus = !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
  /// gnome-keyring's unlock prompt (gcr-prompter, started by the session bus) would wait on a display;
  /// without one it fails at once. What counts is the display of the bus and the keyring daemon, not of
  /// this process: `scripts/test` runs them without one and says so with
  /// `AUTH_DESKTOP_TEST_KEYRING_HEADLESS=1`, while the tests themselves keep the Xvfb display.
  public static let promptsFailFast =
    environment["AUTH_DESKTOP_TEST_KEYRING_HEADLESS"] == "1"
    || ((environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty)

  public static let skipReason = "AUTH_DESKTOP_TEST_NO_KEYRING=1: Secret Service tests skipped"

  public struct Missing: Error, CustomStringConvertible {
    public var description: String {
      """
      The Secret Service tests need a D-Bus session bus and an unlocked gnome-keyring \
      (DBUS_SESSION_BUS_ADDRESS is not set). Run them with:
        export HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d); export XDG_DATA_HOME=$HOME/.local/share \
      XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache
        env -u DISPLAY -u WAYLAND_DISPLAY dbus-run-session -- bash -c 'eval "$(printf pw | gnome-keyring-daemon \
      --unlock --components=secrets)"; export GNOME_KEYRING_CONTROL; swift test --filter AuthDesktopTests'
      or set AUTH_DESKTOP_TEST_NO_KEYRING=1 to skip them.
      """
    }
  }

  public static func requireSessionBus() throws {
    if !hasSessionBus { throw Missing() }
  }
}
