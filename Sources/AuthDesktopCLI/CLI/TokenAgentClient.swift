import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// What `auth-desktop token PROVIDER` asks the token agent: the provider, what chooses the account
/// (`--account`, the working directory; `AUTH_DESKTOP_ACCOUNT` is among the variables), and the
/// variables that choose the configuration file, the data dir and emulator mode (the agent was started
/// by the bus, with the bus's environment, not the command's).
struct TokenAgentRequest: Codable {
  var provider: String
  var environment: [String: String]
  var account: String?
  var directory: String?

  static let variables = [
    "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "AUTH_DESKTOP_CONFIG", "AUTH_DESKTOP_DATA_DIR",
    EmulatorMode.portVariable, AccountRequest.variable,
  ]

  init(provider: String, environment: [String: String], account: String? = nil, directory: String? = nil) {
    self.provider = provider
    self.environment = environment.filter { Self.variables.contains($0.key) }
    (self.account, self.directory) = (account, directory)
  }

  /// The account request the asking command would make.
  var accountRequest: AccountRequest {
    let variable = environment[AccountRequest.variable]
    return AccountRequest(
      explicit: account, environment: variable?.isEmpty == false ? variable : nil, directory: directory)
  }
}

/// The agent's answer: what `token` prints. Holds the token as plain text only on its way to stdout.
struct ProviderTokenAnswer: Codable, CustomStringConvertible {
  var accessToken: String
  var tokenSecret: String?
  var expiresAt: Date?
  var scopes: [String]
  var description: String { "ProviderTokenAnswer([redacted])" }

  /// What `token` prints of `credential`; nil when it holds no access token.
  init?(_ credential: OAuthCredential) {
    guard let token = credential.accessToken else { return nil }
    (accessToken, tokenSecret) = (token.reveal(), credential.secret?.reveal())
    (expiresAt, scopes) = (credential.expiresAt, credential.scopes)
  }
}

/// The command's side of the token agent: `TokenCommand` asks it first, when the agent is installed (its
/// service file is where `install` writes it), a session bus is known, and the command line names no
/// `--config`, `--data-dir` or `--emulator` (the request carries only the environment's paths).
enum TokenAgentClient {
  /// How long the command waits for the agent before doing the work itself (the first call of a session
  /// waits for the bus to start the agent, about 50 ms).
  static let timeoutMilliseconds: Int32 = 2_000

  /// The agent's answer for `provider`; nil when it is not asked or has none. Blocks for the call: the
  /// command has nothing else to do meanwhile.
  static func answer(
    for provider: String, globals: GlobalOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Answered? {
    guard globals.config == nil, globals.dataDir == nil, !globals.emulator,
      SessionBusCall.busIsKnown(environment),
      FileManager.default.fileExists(atPath: TokenAgentService.file(environment: environment).path),
      let request = try? JSONEncoder().encode(
        TokenAgentRequest(
          provider: provider, environment: environment, account: globals.account,
          directory: FileManager.default.currentDirectoryPath))
    else { return nil }
    let (text, route) = ask(String(decoding: request, as: UTF8.self), environment: environment)
    return text.flatMap { try? JSONDecoder().decode(ProviderTokenAnswer.self, from: Data($0.utf8)) }
      .map { Answered(answer: $0, route: route) }
  }

  /// The agent's own socket first: when nothing listens there (the agent is not running, or ended), the
  /// bus, which starts it.
  private static func ask(_ request: String, environment: [String: String]) -> (String?, Route) {
    if let path = TokenAgent.socketPath(environment: environment),
      case .answered(let text) = LocalSocketCall.call(
        path: path, request: request, timeoutSeconds: UInt32(timeoutMilliseconds / 1000))
    {
      return (text, .socket)
    }
    let text = SessionBusCall.string(
      name: TokenAgent.busName, objectPath: TokenAgent.objectPath, interface: TokenAgent.busName,
      method: TokenAgent.method, argument: request, timeoutMilliseconds: timeoutMilliseconds,
      environment: environment)
    return (text, .bus)
  }

  /// How the answer came (the debug log says it).
  enum Route: String, Sendable {
    case socket = "its socket"
    case bus = "the bus"
  }

  struct Answered: Sendable {
    var answer: ProviderTokenAnswer
    var route: Route
  }
}
