import Foundation

/// Where the configuration file and the data dir are, by precedence: the command-line flag, then
/// `$AUTH_DESKTOP_CONFIG` / `$AUTH_DESKTOP_DATA_DIR`, then the XDG base directories.
public struct ConfigurationPaths: Sendable {
  public var configFile: URL
  /// True when the config file was named explicitly (a missing file is then an error).
  public var configFileIsExplicit: Bool
  public var dataDirectory: URL

  public init(configFlag: String? = nil, dataDirFlag: String? = nil, environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func xdg(_ name: String, _ fallback: String) -> String {
      if let value = environment[name], value.hasPrefix("/") { return value }
      return home + "/" + fallback
    }
    let explicitConfig = configFlag ?? environment["AUTH_DESKTOP_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
    configFileIsExplicit = explicitConfig != nil
    configFile = URL(
      fileURLWithPath: explicitConfig ?? xdg("XDG_CONFIG_HOME", ".config") + "/auth-desktop/config.toml")
    let dataDir = dataDirFlag ?? environment["AUTH_DESKTOP_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    dataDirectory = URL(fileURLWithPath: dataDir ?? xdg("XDG_DATA_HOME", ".local/share") + "/auth-desktop")
  }
}
