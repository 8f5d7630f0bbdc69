import ArgumentParser
import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

/// `auth-desktop emulator [--port N] [--reset] [--device-interval S] [--device-expires-in S]`: serves the
/// provider emulator on 127.0.0.1 until SIGINT or SIGTERM. The configuration (if any) names extra
/// clients; identities persist in the data dir.
struct EmulatorCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "emulator",
    abstract: "Serve GitHub-, X- and OpenID-like test providers on 127.0.0.1 for trying sign-ins offline.")
  @OptionGroup var globals: GlobalOptions
  @Option(help: "The port on 127.0.0.1 (0: any free port).") var port: UInt16 = ProviderEmulator.defaultPort
  @Flag(help: "Forget the added test identities (the seeds come back), then serve.") var reset = false
  @Option(help: "Seconds a device-flow client must wait between polls (0: no slow_down).")
  var deviceInterval: UInt32 = 5
  @Option(help: "Seconds a device-flow code lives.") var deviceExpiresIn: UInt32 = 900

  func execute() async throws {
    try await Output.run(json: false) {
      let paths = globals.paths
      let configuration = try ConfigurationLoader.load(paths, identity: .authDesktop)
      if reset {
        try await FileEmulatorIdentityStore(dataDirectory: paths.dataDirectory).reset()
        Output.line("Test identities reset (\(paths.dataDirectory.path)/emulator/identities.json).")
      }
      // Installed before the server starts, so a signal that comes early is not lost.
      let stop = SignalWaiter(signals: [SIGINT, SIGTERM])
      let server = try await EmulatorServer.start(
        port: port, configuration: configuration, dataDirectory: paths.dataDirectory,
        deviceFlow: DeviceFlowSettings(interval: Int(deviceInterval), expiresIn: Int(deviceExpiresIn)))
      Output.line(
        "Emulator listening on \(server.baseURL.absoluteString) — run \"auth-desktop --emulator\" (Ctrl-C stops it)")
      let signal = await stop.wait()
      await server.stop()
      Output.errorLine("auth-desktop: emulator stopped (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))")
    }
  }
}

/// Waits for one of `signals` with DispatchSource signal sources (the default action, ending the
/// process, is replaced by ignoring the signal, so the sources see it).
final class SignalWaiter: @unchecked Sendable {
  private let lock = NSLock()
  private var sources: [any DispatchSourceSignal] = []
  private var received: Int32?
  private var waiter: CheckedContinuation<Int32, Never>?

  init(signals: [Int32]) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in self?.fire(number) }
      source.resume()
      sources.append(source)
    }
  }

  private func fire(_ number: Int32) {
    let continuation: CheckedContinuation<Int32, Never>? = lock.withLock {
      if received == nil { received = number }
      defer { waiter = nil }
      return waiter
    }
    continuation?.resume(returning: number)
  }

  /// The first signal received (at once if one already came).
  func wait() async -> Int32 {
    await withCheckedContinuation { continuation in
      let already: Int32? = lock.withLock {
        if received == nil { waiter = continuation }
        return received
      }
      if let already { continuation.resume(returning: already) }
    }
  }
}
