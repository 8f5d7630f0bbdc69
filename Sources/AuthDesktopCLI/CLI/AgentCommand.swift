import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import Foundation

/// `agent`: the token agent (`TokenAgent`), as the session bus starts it from the service file `install`
/// writes. Not for people to run; hidden from the help. Ends after `idleSeconds` without a request
/// (`$AUTH_DESKTOP_AGENT_IDLE_SECONDS`, default 10 minutes), when another process owns its name, or when
/// its executable was replaced.
struct AgentCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "agent", abstract: "The token agent the session bus starts.", shouldDisplay: false)

  func execute() async throws {
    let idle = Duration.seconds(
      ProcessInfo.processInfo.environment["AUTH_DESKTOP_AGENT_IDLE_SECONDS"].flatMap(Int.init) ?? 600)
    let agent = TokenAgent()
    let service = try await SessionBusService.start(
      name: TokenAgent.busName, objectPath: TokenAgent.objectPath, interface: TokenAgent.busName,
      method: TokenAgent.method
    ) { request in await agent.answer(request) }
    // Later calls come to its own socket, without the bus's handshake and routing (the first found none
    // and came over the bus, which started this process).
    let socket = TokenAgent.socketPath().flatMap { path in
      LocalSocketService.start(path: path) { request in await agent.answer(request) }
    }
    if socket == nil { DesktopAuth.logger().debug("agent: no socket of its own; answering on the bus only") }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for await _ in service.nameLost {} }
      group.addTask {
        while !Task.isCancelled, !TokenAgent.executableReplaced {
          let quiet = ContinuousClock.now - (await agent.lastRequest)
          if quiet >= idle { return }
          try? await Task.sleep(for: min(idle - quiet, .seconds(5)))
        }
      }
      await group.next()
      group.cancelAll()
    }
    socket?.stop()
    await service.stop()
  }
}
