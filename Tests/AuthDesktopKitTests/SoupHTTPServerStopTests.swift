import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

/// `SoupHTTPServer.stop(grace:)` lets an answer on its way finish, also for a cancelled caller (the
/// loopback listener is stopped by the sign-in's wait, cancelled once the redirect came, while the
/// browser's page is still being written), and waits by sleeping.
@Suite struct SoupHTTPServerStopTests {
  actor Seen {
    private(set) var asked = false
    private(set) var answer: HTTPResponse?
    func markAsked() { asked = true }
    func record(_ response: HTTPResponse?) { answer = response }
  }

  /// A request whose answer waits for the test; a stop from a cancelled task; the answer then comes and
  /// reaches the client before the stop returns. Meanwhile the stop looked at most once per 5 ms slept: it
  /// looked by polling with sleeps, and a cancelled task's sleep ends at once, so it spun on a pool
  /// thread for the whole grace (in a full test run two such stops starved every task of the process).
  @Test func aCancelledStopWaitsForTheAnswerOnItsWayBySleeping() async throws {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let seen = Seen()
    let server = try await SoupHTTPServer.start(port: 0, reuseAddress: false) { _ in
      { _ in
        await seen.markAsked()
        for await _ in gate {}
        return HTTPResponse(status: 204)
      }
    }
    defer { open.finish() }
    let client = Task {
      let answer = try? await URLSessionTransport(timeout: 120).send(
        HTTPRequest(url: server.baseURL.appendingPathComponent("waiting")))
      await seen.record(answer)
    }
    try await Poll.until("the request reaches the handler") { await seen.asked }

    let start = ContinuousClock.now
    let stopping = Task { await server.stop(grace: .seconds(120)) }
    stopping.cancel()
    try await Poll.until("the stop has looked a few times", every: .milliseconds(10)) {
      server.inFlight.checks >= 10
    }
    open.finish()
    await stopping.value
    let elapsed = ContinuousClock.now - start
    await client.value
    #expect(await seen.answer?.status == 204, "the answer was written before the server stopped")
    let slept = Int(elapsed / .milliseconds(5))
    #expect(server.inFlight.checks <= slept + 2, "\(server.inFlight.checks) looks in \(elapsed)")
  }
}
