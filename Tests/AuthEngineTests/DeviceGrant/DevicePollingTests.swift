import AuthEngine
import Foundation
import TestSupport
import Testing

/// RFC 8628 §3.4–§3.5 on a manual clock against a scripted GitHub: when the session polls, and how
/// each answer ends it (one behaviour per test).
@Suite struct DevicePollingTests {
  @Test func aPendingAnswerWithHTTP200KeepsPollingAtTheIntervalUntilTheToken() async throws {
    let provider = try ScriptedDeviceProvider(
      polls: [ScriptedDeviceProvider.error("authorization_pending"), ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    let result = try await session.result()
    #expect(provider.pollTimes == [5, 10])
    #expect(result.user.email == "octocat@example.com")
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.credential?.accessToken?.reveal() == ScriptedDeviceProvider.accessToken)
  }

  @Test func eachSlowDownAddsFiveSecondsToEveryLaterPoll() async throws {
    let slow = ScriptedDeviceProvider.error("slow_down")
    let pending = ScriptedDeviceProvider.error("authorization_pending")
    let provider = try ScriptedDeviceProvider(polls: [slow, pending, slow, pending, ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    // Gaps: 5, then 10 after the first slow_down, then 15 after the second.
    #expect(provider.pollTimes == [5, 15, 25, 40, 55])
  }

  @Test func aSlowDownThatNamesALongerIntervalIsFollowed() async throws {
    let slow = HTTPResponse(
      status: 200, headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Data("error=slow_down&interval=20".utf8))
    let provider = try ScriptedDeviceProvider(
      polls: [slow, ScriptedDeviceProvider.error("authorization_pending"), ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    #expect(provider.pollTimes == [5, 25, 45])
  }

  @Test func theIntervalIsFiveSecondsWhenTheProviderNamesNone() async throws {
    let provider = try ScriptedDeviceProvider(
      device: ["interval": NSNull()],
      polls: [ScriptedDeviceProvider.error("authorization_pending"), ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    #expect(provider.pollTimes == [5, 10])
  }

  @Test func theProvidersIntervalPacesThePolls() async throws {
    let provider = try ScriptedDeviceProvider(
      device: ["interval": 7],
      polls: [ScriptedDeviceProvider.error("authorization_pending"), ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    #expect(provider.pollTimes == [7, 14])
  }

  @Test func theCodesExpiringEndsTheWaitWithCodeExpired() async throws {
    let provider = try ScriptedDeviceProvider(device: ["expires_in": 12], polls: [])
    let session = try await provider.start()
    try await provider.drive(session)
    await expectAuthError(.codeExpired) { try await session.result() }
    #expect(provider.pollTimes == [5, 10])
    #expect(provider.clock.now() == Date(timeIntervalSince1970: 1_800_000_012))
  }

  @Test func expiredTokenFromTheProviderIsCodeExpired() async throws {
    let provider = try ScriptedDeviceProvider(polls: [ScriptedDeviceProvider.error("expired_token")])
    let session = try await provider.start()
    try await provider.drive(session)
    let error = await expectAuthError(.codeExpired) { try await session.result() }
    #expect(error?.providerError?.error == "expired_token")
    #expect(error?.providerID == "github.com")
  }

  @Test func theUserDecliningIsWebContextCancelled() async throws {
    let provider = try ScriptedDeviceProvider(polls: [ScriptedDeviceProvider.error("access_denied")])
    let session = try await provider.start()
    try await provider.drive(session)
    await expectAuthError(.webContextCancelled) { try await session.result() }
    #expect(try await provider.auth.currentUser() == nil)
  }

  @Test func anOIDCStyleHTTP400PendingAnswerIsPendingToo() async throws {
    let pending = InMemoryHTTPTransport.json(["error": "authorization_pending"], status: 400)
    let provider = try ScriptedDeviceProvider(polls: [pending, ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    #expect(provider.pollTimes == [5, 10])
  }

  @Test func cancellingWhileWaitingSendsNoFurtherPoll() async throws {
    let provider = try ScriptedDeviceProvider(polls: [])
    let session = try await provider.start()
    try await Poll.until("the first wait") { provider.clock.sleeperCount == 1 }
    provider.clock.advance(by: 5)
    try await Poll.until("the first poll and the next wait") {
      provider.pollTimes.count == 1 && provider.clock.sleeperCount == 1
    }
    await session.cancel()
    await expectAuthError(.webContextCancelled) { try await session.result() }
    #expect(provider.clock.sleeperCount == 0)
    provider.clock.advance(by: 60)
    #expect(provider.pollRequests.count == 1)
  }

  @Test func theTimeoutEndsTheWaitBeforeTheCodesExpire() async throws {
    let provider = try ScriptedDeviceProvider(polls: [])
    let session = try await provider.start(timeout: .seconds(30))
    try await provider.drive(session, sleepers: 2)
    await expectAuthError(.timeout) { try await session.result() }
    #expect(provider.clock.now() == Date(timeIntervalSince1970: 1_800_000_030))
  }

  @Test func aProviderErrorOnAPollEndsTheSignInAsInTheCodeFlow() async throws {
    let failure = HTTPResponse(status: 500, headers: ["Content-Type": "text/html"], body: Data("<h1>oops</h1>".utf8))
    let provider = try ScriptedDeviceProvider(polls: [failure])
    let session = try await provider.start()
    try await provider.drive(session)
    await expectAuthError(.invalidProviderResponse) { try await session.result() }
  }

  @Test func aGarbledTokenAnswerIsAnInvalidProviderResponse() async throws {
    let garbage = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{not json".utf8))
    let provider = try ScriptedDeviceProvider(polls: [garbage])
    let session = try await provider.start()
    try await provider.drive(session)
    await expectAuthError(.invalidProviderResponse) { try await session.result() }
  }
}
