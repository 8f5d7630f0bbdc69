import ArgumentParser
import AuthEngine
import Foundation

/// `--config FILE`, `--data-dir DIR` (then `$AUTH_DESKTOP_CONFIG`, `$AUTH_DESKTOP_DATA_DIR`, XDG dirs),
/// `--emulator`.
public struct GlobalOptions: ParsableArguments {
  public init() {}

  @Option(
    name: .long, help: ArgumentHelp(tr("The configuration file (default: $XDG_CONFIG_HOME/auth-desktop/config.toml).")))
  public var config: String?

  @Option(
    name: .customLong("data-dir"), help: ArgumentHelp(tr("The data directory (default: $XDG_DATA_HOME/auth-desktop).")))
  public var dataDir: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(tr("Use the built-in provider emulator (the default when there is no configuration file).")))
  public var emulator = false

  /// These options as a command line (for the window, which takes the same).
  public var arguments: [String] {
    (config.map { ["--config", $0] } ?? []) + (dataDir.map { ["--data-dir", $0] } ?? [])
      + (emulator ? ["--emulator"] : [])
  }

  public var paths: ConfigurationPaths {
    ConfigurationPaths(configFlag: config, dataDirFlag: dataDir, environment: ProcessInfo.processInfo.environment)
  }
}

/// `--json` for commands with machine-readable output.
public struct OutputOptions: ParsableArguments {
  public init() {}

  @Flag(name: .long, help: ArgumentHelp(tr("Print JSON on stdout (errors too, as {\"error\": {...}}).")))
  public var json = false

  @Flag(name: .long, help: ArgumentHelp(tr("With an error, also print its technical detail (for a bug report).")))
  public var verbose = false
}
