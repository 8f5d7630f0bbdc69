import Foundation

/// The fuzz targets, one per kind of untrusted input (docs/fuzzing.md). Each harness only feeds its
/// input to the parsers and returns: a trap, an abort or a sanitizer report is the finding. The same
/// functions run under libFuzzer (Tests/Fuzzing, `auth-desktop-fuzz`) and in the ordinary test suite,
/// which replays each target's seed corpus and every input that ever crashed (`FuzzReplayTests`).
public enum FuzzTarget: String, CaseIterable, Sendable {
  case config, redirect, token, device, jwt, jwks, discovery, identitytoolkit, profile, emulator, gitcredential, caller

  /// Feeds `input` to the target's parsers.
  public func run(_ input: Data) async {
    switch self {
    case .config: ConfigHarness.run(input)
    case .redirect: await RedirectHarness.run(input)
    case .token: await TokenHarness.run(input)
    case .device: DeviceHarness.run(input)
    case .jwt: await JWTHarness.run(input)
    case .jwks: await JWKSHarness.run(input)
    case .discovery: await DiscoveryHarness.run(input)
    case .identitytoolkit: await IdentityToolkitHarness.run(input)
    case .profile: await ProfileHarness.run(input)
    case .emulator: await EmulatorRequestHarness.run(input)
    case .gitcredential: GitCredentialHarness.run(input)
    case .caller: CallerHarness.run(input)
    }
  }

  /// `run(_:)` from a thread outside Swift's cooperative pool (libFuzzer's), waiting for it to end.
  public func runBlocking(_ input: Data) {
    let done = DispatchSemaphore(value: 0)
    Task {
      await run(input)
      done.signal()
    }
    done.wait()
  }
}

/// How a harness reads its input: the first byte picks a variant (`"0"` the first, `"1"` the next…,
/// so seed files stay readable text), the rest is the body.
struct FuzzInput {
  let variant: Int
  let body: Data

  init(_ data: Data, variants: Int) {
    variant = Int((data.first ?? 48) &- 48) % variants
    body = data.dropFirst()
  }

  var text: String { String(decoding: body, as: UTF8.self) }
}
