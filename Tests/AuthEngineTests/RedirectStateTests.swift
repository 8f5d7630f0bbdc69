import AuthEngine
import Foundation
import TestSupport
import Testing

/// The pending authorization and its `state` (RFC 6749 §10.12, RFC 9700 §2.1, §4.7).
@Suite struct RedirectStateTests {
  func pendingPair() async throws -> (Harness, PendingAuthorization, URL) {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    return (harness, pending, try await Browser.follow(pending.authorizationURL))
  }

  func replacing(_ name: String, in url: URL, with value: String?) -> URL {
    var query = FormParameters.query(of: url)!
    query.pairs.removeAll { $0.name == name }
    query.append(name, value)
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
    components.percentEncodedQuery = query.encoded
    return components.url!
  }

  @Test func noPendingFlowIsItsOwnError() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    await expectAuthError(.noPendingAuthorization) {
      try await harness.service.resume(with: URL(string: "\(Fixtures.githubRedirect)?code=x&state=y")!)
    }
  }

  @Test func urlMismatchIsItsOwnErrorAndKeepsThePendingRequest() async throws {
    let (harness, _, redirect) = try await pendingPair()
    for other in [
      "\(Fixtures.scheme):/oauth2redirect/github.comX", "\(Fixtures.scheme):/oauth2redirect/GITHUB.com",
      "other.scheme:/oauth2redirect/github.com", "\(Fixtures.scheme)://oauth2redirect/github.com",
    ] {
      var components = URLComponents(string: other)!
      components.percentEncodedQuery = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!.percentEncodedQuery
      await expectAuthError(.redirectURIMismatch) { try await harness.service.resume(with: components.url!) }
    }
    _ = try await harness.service.resume(with: redirect)  // still pending, completes
  }

  @Test func unknownStateLeavesThePendingRequestPending() async throws {
    let (harness, _, redirect) = try await pendingPair()
    await expectAuthError(.invalidState) {
      try await harness.service.resume(with: replacing("state", in: redirect, with: "forged-state-value"))
    }
    let result = try await harness.service.resume(with: redirect)
    #expect(result.identity.uid == "1001")
  }

  @Test func missingStateIsRejected() async throws {
    let (harness, _, redirect) = try await pendingPair()
    await expectAuthError(.invalidState) {
      try await harness.service.resume(with: replacing("state", in: redirect, with: nil))
    }
  }

  @Test func repeatedStateParameterIsRejected() async throws {
    let (harness, _, redirect) = try await pendingPair()
    let state = FormParameters.query(of: redirect)!["state"]!
    let doubled = URL(string: redirect.absoluteString + "&state=" + PercentEncoding.encode(state))!
    await expectAuthError(.invalidState) { try await harness.service.resume(with: doubled) }
  }

  @Test func replayedRedirectIsRejected() async throws {
    let (harness, pending, redirect) = try await pendingPair()
    _ = try await harness.service.begin(OAuthProvider(providerID: "github.com"))  // keep something pending
    _ = try await harness.service.resume(with: redirect)
    let error = await expectAuthError(.invalidState) { try await harness.service.resume(with: redirect) }
    // The first resume removed the record, so the replay finds no request with its state (`alreadyUsed`
    // is only for a record that another resume takes between the lookup and the claim).
    #expect(error.map(Self.stateProblem) == .unknown)
    #expect(try await harness.service.pendingAuthorizations().allSatisfy { $0.id != pending.id })
  }

  @Test func concurrentRedeliveryCompletesExactlyOnce() async throws {
    let (harness, _, redirect) = try await pendingPair()
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 { group.addTask { (try? await harness.service.resume(with: redirect)) != nil } }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1)
  }

  @Test func expiredStateIsRejectedAndForgotten() async throws {
    let github = try await Fixtures.github()
    let clock = ManualClock(Date())
    let harness = try Harness(configuration: github.configuration, clock: clock)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let redirect = try await Browser.follow(pending.authorizationURL)
    clock.advance(by: 601)
    let error = await expectAuthError(.invalidState) { try await harness.service.resume(with: redirect) }
    #expect(error.map(Self.stateProblem) == .expired)
    #expect(await harness.secrets.revealedValues().isEmpty, "the expired request's verifier was left behind")
  }

  @Test func pendingRequestSurvivesARestart() async throws {
    let github = try await Fixtures.github()
    let first = try Harness(configuration: github.configuration)
    let pending = try await first.service.begin(OAuthProvider(providerID: "github.com"))
    let redirect = try await Browser.follow(pending.authorizationURL)
    let second = try first.restarted(configuration: github.configuration)
    let result = try await second.service.resume(with: redirect)
    #expect(result.identity.uid == "1001")
    #expect(await second.secrets.revealedValues().isEmpty, "the verifier outlived its single use")
  }

  @Test func cancelForgetsTheRequest() async throws {
    let (harness, pending, redirect) = try await pendingPair()
    await harness.service.cancel(pendingID: pending.id)
    await expectAuthError(.noPendingAuthorization) { try await harness.service.resume(with: redirect) }
  }

  @Test func providerErrorOtherThanDeniedIsProviderError() async throws {
    let (harness, _, redirect) = try await pendingPair()
    let state = FormParameters.query(of: redirect)!["state"]!
    let error = await expectAuthError(.providerError) {
      try await harness.service.resume(
        with: URL(string: Fixtures.githubRedirect)!.appendingQuery([
          "error": "server_error", "error_description": "try+later\u{1b}[31m", "state": state,
        ]))
    }
    #expect(error?.providerError?.error == "server_error")
    #expect(
      error?.providerError?.errorDescription == "try+later[31m", "control characters from the provider came through")
  }

  /// The `StateProblem` of an `auth/invalid-state` error, or nil.
  static func stateProblem(_ error: AuthError) -> StateProblem? {
    if case .state(let problem) = error.payload { return problem }
    return nil
  }
}
