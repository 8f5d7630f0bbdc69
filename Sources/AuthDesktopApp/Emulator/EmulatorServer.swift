import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// The emulator served over HTTP on 127.0.0.1 (`auth-desktop emulator`, and in-process for the window):
/// the provider emulator and, on the same port, the Identity Toolkit emulator (`EmulatorRouter`).
/// Identities persist in `DATA_DIR/emulator/identities.json`, Identity Toolkit accounts and their signing
/// key in `DATA_DIR/emulator/identity-toolkit/`.
public final class EmulatorServer: Sendable {
  public let baseURL: URL
  let emulator: EmulatorRouter
  private let server: SoupHTTPServer

  private init(baseURL: URL, emulator: EmulatorRouter, server: SoupHTTPServer) {
    self.baseURL = baseURL
    self.emulator = emulator
    self.server = server
  }

  /// Starts serving on `port` (0: a port chosen by the kernel). `configuration` names the clients the
  /// emulator accepts besides the built-in ones (nil: only those), and the providers the Identity Toolkit
  /// project enables; `projectID`, the project the API keys map to (nil: the configuration's
  /// `[firebase] project_id`, else `demo-authdesktop`; the Admin API's paths reach any); `deviceFlow`,
  /// the device flow's interval and code lifetime. Throws `auth/emulator-port-in-use`.
  public static func start(
    port: UInt16 = ProviderEmulator.defaultPort, configuration: AuthConfiguration?, dataDirectory: URL,
    projectID: String? = nil, deviceFlow: DeviceFlowSettings = DeviceFlowSettings()
  ) async throws -> EmulatorServer {
    let identities = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    let made = OnceValue<EmulatorRouter>()
    let server: SoupHTTPServer
    do {
      server = try await SoupHTTPServer.start(port: port, reuseAddress: true) { baseURL in
        let emulator = EmulatorRouter(
          baseURL: baseURL, identity: .authDesktop, configuration: configuration, identities: identities,
          projectID: projectID ?? configuration?.firebase?.projectID ?? IdentityToolkitProject.defaultProjectID,
          storage: .dataDirectory(dataDirectory), deviceFlow: deviceFlow)
        made.set(emulator)
        return { request in await emulator.handle(request) }
      }
    } catch SoupHTTPServer.ListenError.addressInUse(let port) {
      throw AuthError(.emulatorPortInUse, origin: .transport, payload: .port(PortIssue(port: port, problem: .inUse)))
    } catch {
      throw AuthError(
        .emulatorUnavailable, origin: .transport,
        payload: .port(PortIssue(port: port == 0 ? nil : port, problem: .cannotListen)), detail: "\(error)")
    }
    return EmulatorServer(baseURL: server.baseURL, emulator: made.current!, server: server)
  }

  /// Stops listening and closes open connections.
  public func stop() async { await server.stop() }
}
