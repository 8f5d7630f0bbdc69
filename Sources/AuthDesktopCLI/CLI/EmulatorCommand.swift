import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `auth-desktop emulator [--port N] [--reset] [--device-interval S] [--device-expires-in S] [--project-id P]`:
/// serves the provider emulator and the Identity Toolkit emulator on 127.0.0.1 until SIGINT or SIGTERM.
/// The configuration (if any) names extra clients and, with `[firebase]`, the project; identities persist
/// in the data dir.
struct EmulatorCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "emulator",
    abstract: tr("Serve GitHub-, X- and OpenID-like test providers on 127.0.0.1 for trying sign-ins offline."))
  @OptionGroup var globals: GlobalOptions
  @Option(help: ArgumentHelp(tr("The port on 127.0.0.1 (0: any free port)."))) var port: UInt16 = ProviderEmulator
    .defaultPort
  @Flag(help: ArgumentHelp(tr("Forget the added test identities (the seeds come back), then serve."))) var reset = false
  @Option(help: ArgumentHelp(tr("Seconds a device-flow client must wait between polls (0: no slow_down).")))
  var deviceInterval: UInt32 = 5
  @Option(help: ArgumentHelp(tr("Seconds a device-flow code lives."))) var deviceExpiresIn: UInt32 = 900
  @Option(
    name: .customLong("project-id"),
    help: ArgumentHelp(tr("The Firebase project client requests go to (default: the configuration's project_id).")))
  var projectID: String?

  func execute() async throws {
    try await Output.run(json: false) {
      let paths = globals.paths
      let configuration = try ConfigurationLoader.load(paths, identity: .authDesktop)
      if reset {
        try await FileEmulatorIdentityStore(dataDirectory: paths.dataDirectory).reset()
        Output.line(
          tr("Test identities reset ({file}).", ["file": "\(paths.dataDirectory.path)/emulator/identities.json"]))
      }
      // Installed before the server starts, so a signal that comes early is not lost.
      let stop = SignalWaiter(signals: [SIGINT, SIGTERM])
      let server = try await EmulatorServer.start(
        port: port, configuration: configuration, dataDirectory: paths.dataDirectory, projectID: projectID,
        deviceFlow: DeviceFlowSettings(interval: Int(deviceInterval), expiresIn: Int(deviceExpiresIn)))
      Output.line(
        tr(
          "Emulator listening on {url} — run “auth-desktop --emulator” (Ctrl-C stops it)",
          ["url": server.baseURL.absoluteString]))
      let signal = await stop.wait()
      await server.stop()
      Output.errorLine(
        "auth-desktop: " + tr("emulator stopped ({signal})", ["signal": signal == SIGINT ? "SIGINT" : "SIGTERM"]))
    }
  }
}

/// Waits for one of `signals` with DispatchSource signal sources (the default action, ending the
/// process, is replaced by ignoring the signal, so the sources see it).
final class SignalWaiter: @unchecked Sendable {
  private var sources: [any DispatchSourceSignal] = []
  private let received = OnceValue<Int32>()

  init(signals: [Int32]) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [received] in received.set(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// The first signal received (at once if one already came).
  func wait() async -> Int32 { await received.value }
}
