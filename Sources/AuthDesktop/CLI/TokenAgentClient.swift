import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation
import Synchronization

/// What `auth-desktop token PROVIDER` asks the token agent: the provider, and the variables that choose
/// the configuration file, the data dir and emulator mode (the agent was started by the bus, with the
/// bus's environment, not the command's).
struct TokenAgentRequest: Codable {
  var provider: String
  var environment: [String: String]

  static let variables = [
    "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "AUTH_DESKTOP_CONFIG", "AUTH_DESKTOP_DATA_DIR",
    EmulatorMode.portVariable,
  ]

  init(provider: String, environment: [String: String]) {
    self.provider = provider
    self.environment = environment.filter { Self.variables.contains($0.key) }
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

/// The command's side of the token agent. `main.swift` asks as the process starts, on a thread of its
/// own, while the language and the arguments are set up; `TokenCommand` takes the answer. Only when the
/// agent is installed (its service file is where `install` writes it), a session bus is known, and the
/// command line changes no path (`--config`, `--data-dir`, `--emulator`); otherwise the command starts
/// as before.
enum TokenAgentClient {
  /// How long the command waits for the agent before doing the work itself (the first call of a session
  /// waits for the bus to start the agent, about 50 ms).
  static let timeoutMilliseconds: Int32 = 2_000

  private static let asked = Mutex<(provider: String, answer: Answer)?>(nil)

  /// Asks for `arguments` (`token PROVIDER …`); false when it does not ask.
  static func startEarly(
    for arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard arguments.first == "token", let provider = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }),
      !GlobalOptions.changeContext(arguments),
      SessionBusCall.busIsKnown(environment),
      FileManager.default.fileExists(atPath: TokenAgentService.file(environment: environment).path),
      let request = try? JSONEncoder().encode(TokenAgentRequest(provider: provider, environment: environment))
    else { return false }
    let answer = Answer()
    asked.withLock { $0 = (provider, answer) }
    Thread.detachNewThread {
      let (text, route) = ask(String(decoding: request, as: UTF8.self), environment: environment)
      let decoded = text.flatMap { try? JSONDecoder().decode(ProviderTokenAnswer.self, from: Data($0.utf8)) }
      answer.set(decoded.map { Answered(answer: $0, route: route) })
    }
    return true
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

  /// Whether `startEarly` asked (then the command's other look-aheads are left out).
  static var isAsking: Bool { asked.withLock { $0 != nil } }

  /// The agent's answer for `provider`, once; nil when none was asked for it or it had none.
  static func answer(for provider: String) async -> Answered? {
    guard let (asked, answer) = asked.withLock({ $0.take() }), asked == provider else { return nil }
    return await answer.value
  }

  /// A value set once by a thread and awaited by a task.
  final class Answer: Sendable {
    private let state = Mutex<
      (value: Answered??, waiter: CheckedContinuation<Answered?, Never>?)
    >(
      (nil, nil))

    func set(_ value: Answered?) {
      let waiter = state.withLock { state in
        state.value = .some(value)
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: value)
    }

    var value: Answered? {
      get async {
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state -> Answered?? in
            if state.value == nil { state.waiter = continuation }
            return state.value
          }
          if let ready { continuation.resume(returning: ready) }
        }
      }
    }
  }
}
