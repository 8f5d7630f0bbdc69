import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit

/// The window's arguments: the global options of `auth-desktop`, then redirect URIs to open.
struct WindowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auth-desktop-window", abstract: tr("The AuthDesktop window (started by `auth-desktop`)."))

  @OptionGroup var globals: GlobalOptions
  @Argument(help: ArgumentHelp(tr("Redirect URIs to complete."))) var uris: [String] = []
}
