import AuthDesktopApp
import AuthEngine
import Testing

/// The app's words for a device sign-in's errors (RFC 8628): what expired, who refused, and what to do
/// on each surface.
@Suite struct DeviceWordingTests {
  @Test func anExpiredCodeAsksForANewOne() {
    let error = AuthError(.codeExpired, origin: .request, providerID: "github.com")
    #expect(UserFacingError(error, for: .commandLine).title == "Code expired")
    #expect(UserFacingError(error, for: .commandLine).body.contains("Run the command again for a new code"))
    #expect(UserFacingError(error, for: .window).body.contains("Start again for a new code"))
  }

  @Test func aProviderWithoutTheDeviceGrantSaysSoNotThatItIsNotSetUp() {
    let error = AuthError(.operationNotAllowed, origin: .request, providerID: "twitter.com")
    let wording = UserFacingError(error, for: .commandLine)
    #expect(wording.title == "No sign-in with a code")
    #expect(
      wording.body == "X (Twitter) does not offer sign-in with a code on another device. Sign in without --device.")
  }

  @Test func anAppWithTheDeviceFlowOffIsToldWhereToTurnItOn() {
    let error = AuthError(
      .operationNotAllowed, origin: .providerResponse,
      payload: .providerError(OAuthErrorResponse(error: "device_flow_disabled")), providerID: "github.com")
    #expect(UserFacingError(error, for: .window).body.hasPrefix("GitHub has not enabled sign-in with a code"))
  }

  @Test func aMissingProviderTableIsStillNotSetUp() {
    let issue = ConfigurationIssue(
      file: "config.toml", table: ConfigurationIssue.providerTable("github.com"), problem: .missingTable)
    let error = AuthError.configuration(issue, code: .operationNotAllowed, providerID: "github.com")
    #expect(UserFacingError(error, for: .commandLine).title == "Provider not set up")
  }

  @Test func aDeviceTimeoutSaysNobodyApproved() {
    let error = AuthError(.timeout, origin: .request, payload: .timeout(.seconds(60)))
    #expect(UserFacingError(error, for: .commandLine).body.hasPrefix("The sign-in was not approved within 60 seconds"))
  }
}
