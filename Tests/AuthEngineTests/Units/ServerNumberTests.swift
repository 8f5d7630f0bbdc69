import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// Every number a server sends is finite and in range before any arithmetic (`ServerNumber`): out of
/// range is a typed error, never a trap. The device answer with `expires_in=inf` was found by fuzzing
/// (Tests/Fuzzing/Regressions/device).
@Suite struct ServerNumberTests {
  static let outOfRange: [JSONValue] = [
    .number(.infinity), .number(-.infinity), .number(.nan), .number(-1), .number(9.3e15), .number(1e300),
    .string("inf"), .string("-inf"), .string("nan"), .string("1e16"), .string("99999999999999999999999"),
  ]

  static func code(_ body: () throws -> Void) -> AuthErrorCode? {
    do { try body() } catch let error as AuthError { return error.code } catch { return nil }
    return nil
  }

  static func form(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(text.utf8))
  }

  @Test(arguments: outOfRange) func aNumberOutOfRangeIsAnInvalidProviderResponse(_ value: JSONValue) {
    #expect(
      Self.code { _ = try ServerNumber.read(value, "expires_in", within: ServerNumber.lifetime) }
        == .invalidProviderResponse)
  }

  @Test func aNumberInRangeIsReadAndAnAbsentOrNonNumericOneIsNil() throws {
    #expect(try ServerNumber.read(.number(900), "expires_in", within: ServerNumber.lifetime) == 900)
    #expect(try ServerNumber.read(.string("1800"), "expires_in", within: ServerNumber.lifetime) == 1800)
    #expect(try ServerNumber.read(nil, "expires_in", within: ServerNumber.lifetime) == nil)
    #expect(try ServerNumber.read(.string("soon"), "expires_in", within: ServerNumber.lifetime) == nil)
    #expect(try ServerNumber.read(.number(3600), "interval", within: ServerNumber.interval) == 3600)
  }

  @Test(arguments: ["inf", "9.2e15", "-5", "nan"])
  func aDeviceAnswerWithAnUnusableExpiresInOrIntervalIsRefused(_ value: String) {
    let base = "device_code=d&user_code=ABCD-EFGH&verification_uri=https%3A%2F%2Fgithub.example%2Fdevice"
    for body in ["\(base)&expires_in=\(value)", "\(base)&expires_in=900&interval=\(value)"] {
      #expect(Self.code { _ = try DeviceAuthorizationResponse.interpret(Self.form(body)) } == .invalidProviderResponse)
    }
  }

  @Test func theLongestLifetimeStillMakesAPrompt() throws {
    let body =
      "device_code=d&user_code=ABCD-EFGH&verification_uri=https%3A%2F%2Fgithub.example%2Fdevice&expires_in=315360000"
    let response = try DeviceAuthorizationResponse.interpret(Self.form(body))
    #expect(response.prompt(receivedAt: Date(timeIntervalSince1970: 0)).expiresIn == .seconds(315_360_000))
  }

  @Test func aSlowDownWithAnInfiniteIntervalIsRefused() {
    #expect(
      Self.code { _ = try DevicePollAnswer.of(Self.form("error=slow_down&interval=inf")) } == .invalidProviderResponse)
  }

  @Test func aTokenResponseWithAnInfiniteLifetimeIsRefused() {
    for body in [
      "access_token=a&token_type=bearer&expires_in=inf", "access_token=a&token_type=bearer&expires_in=1e300",
    ] {
      #expect(
        Self.code { _ = try TokenClient.interpret(Self.form(body), refreshing: false) } == .invalidProviderResponse)
    }
  }

  @Test func anIdentityToolkitLifetimeOrDateOutOfRangeIsRefused() {
    let tokens = JSONValue.object([
      "idToken": .string("i"), "refreshToken": .string("r"), "expiresIn": .string("99999999999999999999"),
    ])
    #expect(Self.code { _ = try SessionTokens(tokens, now: Date()) } == .invalidProviderResponse)
    let lookup = JSONValue.object([
      "users": .array([.object(["localId": .string("u"), "createdAt": .string("1e300")])])
    ])
    #expect(Self.code { _ = try Account(lookup: lookup) } == .invalidProviderResponse)
  }

  @Test(arguments: ["exp", "iat"]) func anIDTokenTimestampOutOfRangeIsAnInvalidIDToken(_ claim: String) {
    let validator = IDTokenValidator(
      issuer: "https://issuer.example", clientID: "client-1",
      jwks: JWKSCache(
        http: ProviderHTTP(transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 404) }, userAgent: "tests")),
      jwksURI: URL(string: "https://issuer.example/jwks")!,
      clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)))
    for value: JSONValue in [.number(.infinity), .number(1e300), .number(-1)] {
      var claims: [String: JSONValue] = [
        "iss": .string("https://issuer.example"), "sub": .string("s"), "aud": .string("client-1"),
        "exp": .number(1_800_000_600), "iat": .number(1_800_000_000),
      ]
      claims[claim] = value
      #expect(Self.code { try validator.checkClaims(claims, nonce: nil) } == .invalidIDToken)
    }
  }
}
