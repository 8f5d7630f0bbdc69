import Foundation

@testable import AuthEngine

/// Identity Toolkit's answers (Firebase Authentication's REST API): errors under each status, session
/// tokens (`expiresIn`), `accounts:lookup`'s user, through the client as it reads every answer, and the
/// second factor's answers (`mfaPendingCredential` + `mfaInfo`, `totpSessionInfo`).
enum IdentityToolkitHarness {
  static let settings = FirebaseSettings(apiKey: "fuzz-key", projectID: "fuzz-project")

  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 8)
    let now = FuzzFixtures.clock.now()
    switch input.variant {
    case 0: _ = IdentityToolkitErrors.error(status: 400, body: input.body)
    case 1:
      guard let answer = JSONValue.parse(input.body) else { return }
      _ = try? SessionTokens(answer, now: now)?.stored()
    case 2:
      guard let answer = JSONValue.parse(input.body) else { return }
      guard let account = try? Account(lookup: answer) else { return }
      _ = try? JSONEncoder().encode(account)
    case 6:
      guard let answer = JSONValue.parse(input.body) else { return }
      _ = (try? MultiFactorAnswer.resolver(answer, firstFactor: "password"))?.totpFactor
      _ = MultiFactorAnswer.factors(answer["users"]?.array?.first?["mfaInfo"])
    case 7:
      guard let answer = JSONValue.parse(input.body), let secret = try? MultiFactorAnswer.totpSecret(answer) else {
        return
      }
      _ = secret.otpauthURI(accountName: "fuzz@example.com", issuer: "fuzz project")
    default:
      let status = [200, 400, 302][input.variant - 3]
      let client = IdentityToolkitClient(
        settings: settings, transport: InMemoryHTTPTransport { _ in HTTPResponse(status: status, body: input.body) },
        userAgent: "auth-desktop-fuzz")
      guard let answer = try? await client.accounts("signInWithIdp", [:]) else { return }
      _ = try? SessionTokens.required(answer, now: now, of: "signInWithIdp")
    }
  }
}
