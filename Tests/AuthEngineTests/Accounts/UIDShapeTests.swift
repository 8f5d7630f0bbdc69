import AuthEngine
import Foundation
import Testing

/// A uid the local store assigns is 28 characters of `[A-Za-z0-9]`, as Firebase's are, so it can be
/// passed to `--account` as it is: a uid beginning with `-` read as an option, and the command stopped
/// with a usage error (docs/accounts.md, "The account model").
@Suite struct UIDShapeTests {
  /// Bytes whose base64url begins with `-` (0xFB), then a counter: the draw that gave such a uid.
  final class DashFirstRandom: RandomSource, @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt8 = 0
    func bytes(_ count: Int) -> [UInt8] {
      lock.withLock {
        counter &+= 1
        return [0xFB] + (1..<max(count, 1)).map { counter &+ UInt8(truncatingIfNeeded: $0) }
      }
    }
  }

  @Test func everyWayOfSigningUpGivesAnAlphanumericUID() async throws {
    let h = try AccountHarness(random: DashFirstRandom())
    defer { try? FileManager.default.removeItem(at: h.directory) }
    let uids = [
      try await h.auth.signIn(with: AccountHarness.result("github.com", "1")).user.uid,
      try await h.auth.createUser(email: "a@example.com", password: Password("s3cret-pass")).user.uid,
      try await h.auth.signInAnonymously().user.uid,
    ]
    for uid in uids { #expect(uid.wholeMatch(of: /[A-Za-z0-9]{28}/) != nil, "\(uid)") }
    #expect(Set(uids).count == 3)
  }
}
