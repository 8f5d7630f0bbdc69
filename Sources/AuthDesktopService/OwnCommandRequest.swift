import AuthDesktopApp
import AuthEngine
import Foundation

/// What AuthDesktop's own command line (`token`, `id-token`, `git-credential get`) sends with
/// `GetAccessToken` and `GetIdToken` (docs/dbus-interface.md, "AuthDesktop's own command line"): what
/// chooses the store the command would open (its configuration file and data dir, resolved to absolute
/// paths, and emulator mode), and what chooses the account (`--account` is the method's `account`
/// argument; `AUTH_DESKTOP_ACCOUNT` and the working directory are options). The service was started by
/// the bus, with the bus's environment and working directory, not the command's.
public struct OwnCommandRequest: Sendable, Equatable {
  public var provider: String?
  public var account: String
  public var accountVariable: String?
  public var directory: String?
  /// git's repository (`git-credential get`), for the `remote` rules.
  public var remote: String?
  public var configFile: String
  public var configFileIsExplicit: Bool
  public var dataDirectory: String
  public var emulator: Bool
  public var emulatorPort: String?
  public var forceRefresh = false

  /// The longest path or name an option may hold.
  static let limit = 4096

  /// The request `globals` make in this process (its environment and working directory).
  public init(
    globals: GlobalOptions, provider: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    let paths = ConfigurationPaths(configFlag: globals.config, dataDirFlag: globals.dataDir, environment: environment)
    let variable = environment[AccountRequest.variable]
    self.provider = provider
    account = globals.account ?? ""
    accountVariable = variable?.isEmpty == false ? variable : nil
    directory = FileManager.default.currentDirectoryPath
    (configFile, configFileIsExplicit) = (paths.configFile.standardizedFileURL.path, paths.configFileIsExplicit)
    dataDirectory = paths.dataDirectory.standardizedFileURL.path
    emulator = globals.emulator
    emulatorPort = environment[EmulatorMode.portVariable].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The method's arguments: `account` and the options.
  var arguments: [BusValue] {
    var options: [String: BusValue] = [
      "own_command": .bool(true), "config": .string(configFile), "config_explicit": .bool(configFileIsExplicit),
      "data_dir": .string(dataDirectory), "emulator": .bool(emulator),
    ]
    options["provider"] = provider.map(BusValue.string)
    options["account_variable"] = accountVariable.map(BusValue.string)
    options["directory"] = directory.map(BusValue.string)
    options["remote"] = remote.map(BusValue.string)
    options["emulator_port"] = emulatorPort.map(BusValue.string)
    if forceRefresh { options["force_refresh"] = .bool(true) }
    return [.string(account), .dictionary(options)]
  }

  /// The request a call carries; nil when it is not one (no `own_command` option), or a refused one.
  init?(_ call: BusCall) throws {
    let options = AccountsService.dictionary(call, at: 1)
    guard options["own_command"] == .bool(true) else { return nil }
    guard case .string(let account) = call.arguments.first, account.utf8.count <= 128 else {
      throw ServiceError.invalidArgument(.tooLong("account"))
    }
    func path(_ name: String) throws -> String {
      guard let value = try AccountsService.stringOption(options, name, limit: Self.limit), value.hasPrefix("/") else {
        throw ServiceError.invalidArgument(.option(name))
      }
      return value
    }
    func flag(_ name: String) throws -> Bool {
      switch options[name] {
      case nil: return false
      case .bool(let value): return value
      default: throw ServiceError.invalidArgument(.option(name))
      }
    }
    self.account = account
    provider = try AccountsService.stringOption(options, "provider", limit: 128)
    accountVariable = try AccountsService.stringOption(options, "account_variable", limit: Self.limit)
    directory = try AccountsService.stringOption(options, "directory", limit: Self.limit)
    remote = try AccountsService.stringOption(options, "remote", limit: Self.limit)
    (configFile, configFileIsExplicit) = (try path("config"), try flag("config_explicit"))
    dataDirectory = try path("data_dir")
    emulator = try flag("emulator")
    emulatorPort = try AccountsService.stringOption(options, "emulator_port", limit: 16)
    forceRefresh = try flag("force_refresh")
  }

  /// The store's paths, as the command would have them.
  var paths: ConfigurationPaths {
    var paths = ConfigurationPaths(
      configFlag: configFile, dataDirFlag: dataDirectory, environment: ["HOME": NSHomeDirectory()])
    paths.configFileIsExplicit = configFileIsExplicit
    return paths
  }

  /// The environment the store is opened with (only emulator mode's port is read from it).
  var environment: [String: String] { emulatorPort.map { [EmulatorMode.portVariable: $0] } ?? [:] }

  /// The account request the command would make.
  var accountRequest: AccountRequest {
    AccountRequest(
      explicit: account.isEmpty ? nil : account, environment: accountVariable, directory: directory, remote: remote)
  }
}

/// What `token` prints of a provider credential, as the service answers AuthDesktop's own command
/// (`GetAccessToken`'s `token`, in JSON). Holds the token as plain text only on its way to stdout.
public struct ProviderTokenAnswer: Codable, Sendable, CustomStringConvertible {
  public var accessToken: String
  public var tokenSecret: String?
  public var expiresAt: Date?
  public var scopes: [String]
  /// The account's login at the provider, when it has one (what `git-credential get` answers as the
  /// username).
  public var login: String?
  public var description: String { "ProviderTokenAnswer([redacted])" }

  /// What `token` prints of `credential`; nil when it holds no access token.
  public init?(_ credential: OAuthCredential) {
    guard let token = credential.accessToken else { return nil }
    (accessToken, tokenSecret) = (token.reveal(), credential.secret?.reveal())
    (expiresAt, scopes) = (credential.expiresAt, credential.scopes)
  }
}
