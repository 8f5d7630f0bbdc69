import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit

/// The window's arguments: the global options of `auth-desktop`, then redirect URIs to open.
struct WindowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auth-desktop-window", abstract: tr("The AuthDesktop window (started by `auth-desktop`)."))

  @OptionGroup var globals: GlobalOptions
  @Argument(help: ArgumentHelp(tr("Redirect URIs to complete."))) var uris: [String] = []
  /// GApplication's own option, which the session bus's service file gives (`AccountsServiceFile`): run
  /// as a service, with no window until one is asked for.
  @Flag(name: .customLong("gapplication-service"), help: .hidden) var service = false
}
