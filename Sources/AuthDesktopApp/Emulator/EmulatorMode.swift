import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// Emulator mode: `--emulator`, or no configuration file at all (then the built-in configuration:
/// GitHub, X and `oidc.emulator`). Every provider is pointed at the provider emulator on
/// `127.0.0.1:PORT` (`$AUTH_DESKTOP_EMULATOR_PORT`, default 9399): the one already answering there
/// (`auth-desktop emulator`, or another AuthDesktop process in emulator mode), else one this process
/// starts and keeps for its lifetime. The port is fixed so that whichever process receives a redirect
/// reaches the emulator that issued its code.
///
/// Accounts made against the emulator live apart from real ones, in `DATA_DIR/emulator`. With a
/// `[firebase]` table they are kept by the emulator's Identity Toolkit, which serves on the same port:
/// the whole Firebase mode runs offline.
public enum EmulatorMode {
  public static let portVariable = "AUTH_DESKTOP_EMULATOR_PORT"

  /// What a launch uses: the configuration file as it is, or pointed at the emulator.
  public struct Launch: Sendable {
    public var configuration: AuthConfiguration
    /// The data dir of the accounts (`DATA_DIR/emulator` in emulator mode).
    public var dataDirectory: URL
    /// The emulator's base URL; nil when the real providers are used.
    public var emulator: URL?
    /// The configuration file's own content (nil: none), for the emulator's client list.
    var fileConfiguration: AuthConfiguration?
  }

  /// Reads the configuration and decides. Throws for a broken file or a bad `$AUTH_DESKTOP_EMULATOR_PORT`.
  static func launch(
    paths: ConfigurationPaths, flag: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> Launch {
    let file = try ConfigurationLoader.load(paths, identity: .authDesktop)
    guard flag || file == nil else {
      return Launch(configuration: file!, dataDirectory: paths.dataDirectory, emulator: nil, fileConfiguration: file)
    }
    let base = URL(string: "http://127.0.0.1:\(try port(environment))")!
    var configuration = EmulatorSetup.configuration(file, pointingAt: base, identity: .authDesktop)
    if configuration.providers.isEmpty {  // A file with only [app]: its settings, the built-in providers.
      configuration.providers =
        EmulatorSetup.defaultConfiguration(emulatorBaseURL: base, identity: .authDesktop).providers
    }
    // `[firebase]`: the accounts go to the emulator's Identity Toolkit, on the same port, in the
    // configured project (the emulator serves any project id; nothing reaches production).
    if var firebase = configuration.firebase {
      firebase.emulatorHost = "\(base.host!):\(base.port!)"
      configuration.firebase = firebase
    }
    return Launch(
      configuration: configuration,
      dataDirectory: paths.dataDirectory.appendingPathComponent("emulator"), emulator: base, fileConfiguration: file)
  }

  static func port(_ environment: [String: String]) throws -> UInt16 {
    guard let text = environment[portVariable], !text.isEmpty else { return ProviderEmulator.defaultPort }
    guard let port = UInt16(text), port > 0 else {
      throw AuthError.configuration(ConfigurationIssue(file: nil, key: portVariable, problem: .notAPort(text)))
    }
    return port
  }

  /// Makes sure an emulator answers at `launch.emulator`: returns at once when one does, else starts
  /// one in this process (kept until it exits; identities persist in `identitiesDirectory`).
  /// Throws `auth/emulator-port-in-use` when another program holds the port.
  public static func ensureServing(_ launch: Launch, identitiesDirectory: URL) async throws {
    guard let base = launch.emulator, let port = base.port.flatMap(UInt16.init(exactly:)) else { return }
    if try await answers(base) { return }
    do {
      let server = try await EmulatorServer.start(
        port: port, configuration: launch.fileConfiguration, dataDirectory: identitiesDirectory)
      InProcess.shared.keep(server)
    } catch let error as AuthError where error.code == .emulatorPortInUse {
      // Another AuthDesktop process started one in between: use it.
      guard try await answers(base) else { throw error }
    }
  }

  /// Whether an AuthDesktop emulator answers at `base`; false when nothing listens there. Throws when
  /// something else does.
  public static func answers(_ base: URL) async throws -> Bool {
    let url = base.appendingPathComponent(String(ProviderEmulator.identityDocumentPath.dropFirst()))
    let response: HTTPResponse
    do {
      response = try await SoupHTTPTransport(timeout: 2).send(HTTPRequest(url: url))
    } catch {
      return false
    }
    let document = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    guard response.status == 200, document?["emulator"] as? String == AppIdentity.authDesktop.applicationID else {
      throw AuthError(
        .emulatorPortInUse, origin: .transport,
        payload: .port(PortIssue(port: base.port.flatMap(UInt16.init(exactly:)), problem: .answeredByAnotherProgram)),
        detail: "\(base.absoluteString) answers, but not as AuthDesktop's emulator")
    }
    return true
  }

  /// The emulator started by this process, if any.
  private final class InProcess: @unchecked Sendable {
    static let shared = InProcess()
    private let lock = NSLock()
    private var servers: [EmulatorServer] = []
    func keep(_ server: EmulatorServer) { lock.withLock { servers.append(server) } }
  }
}
