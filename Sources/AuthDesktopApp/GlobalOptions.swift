import ArgumentParser
import AuthEngine
import Foundation

/// `--config FILE`, `--data-dir DIR` (then `$AUTH_DESKTOP_CONFIG`, `$AUTH_DESKTOP_DATA_DIR`, XDG dirs),
/// `--emulator`, `--account ACCOUNT` (then `$AUTH_DESKTOP_ACCOUNT`, the directory rules, the current user).
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

  @Option(
    name: .long,
    help: ArgumentHelp(
      tr(
        "The account to act on: a uid, an email, or PROVIDER:LOGIN (default: $AUTH_DESKTOP_ACCOUNT, the configuration's [[accounts]] rules, then the current user)."
      ), valueName: "account"))
  public var account: String?

  /// These options as a command line (for the window, which takes the same).
  public var arguments: [String] {
    (config.map { ["--config", $0] } ?? []) + (dataDir.map { ["--data-dir", $0] } ?? [])
      + (emulator ? ["--emulator"] : []) + (account.map { ["--account=\($0)"] } ?? [])
  }

  /// What chooses the account: `--account`, `$AUTH_DESKTOP_ACCOUNT` and the working directory.
  public var accountRequest: AccountRequest { AccountRequest.ofThisProcess(explicit: account) }

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
