import Foundation
import Testing

/// Plays the user who answers a device sign-in (RFC 8628 §3.3) on another device: the Authlib
/// servers' `POST /_test/device` (their approval page without a browser; Tests/Servers/README.md).
public enum DeviceApproval {
  /// `action` is `approve` or `deny`; the server must accept it.
  public static func decide(_ base: URL, _ userCode: String, _ action: String) async throws {
    let answer = try await Control.post(
      base.appendingPathComponent("_test/device"), ["user_code": userCode, "action": action])
    #expect(answer["status"] as? String == (action == "approve" ? "approved" : "denied"), "\(answer)")
  }

  /// The user code in `texts` (GitHub's `XXXX-XXXX`), as a person reads it off the screen.
  public static func userCode(in texts: [String]) -> String? {
    texts.first { $0.wholeMatch(of: /[B-DF-HJ-NP-TV-Z]{4}-[B-DF-HJ-NP-TV-Z]{4}/) != nil }
  }
}
