import ArgumentParser
import AuthEngine
import Foundation

/// `--config FILE`, `--data-dir DIR` (then `$AUTH_DESKTOP_CONFIG`, `$AUTH_DESKTOP_DATA_DIR`, XDG dirs),
/// `--emulator`.
struct GlobalOptions: ParsableArguments {
  @Option(name: .long, help: "The configuration file (default: $XDG_CONFIG_HOME/auth-desktop/config.toml).")
  var config: String?

  @Option(name: .customLong("data-dir"), help: "The data directory (default: $XDG_DATA_HOME/auth-desktop).")
  var dataDir: String?

  @Flag(name: .long, help: "Use the built-in provider emulator (the default when there is no configuration file).")
  var emulator = false

  var paths: ConfigurationPaths {
    ConfigurationPaths(configFlag: config, dataDirFlag: dataDir, environment: ProcessInfo.processInfo.environment)
  }
}

/// `--json` for commands with machine-readable output.
struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: "Print JSON on stdout (errors too, as {\"error\": {...}}).")
  var json = false
}
