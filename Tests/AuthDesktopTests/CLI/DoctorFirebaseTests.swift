import Foundation
import TestSupport
import Testing

/// `doctor` says where a `[firebase]` table keeps the accounts: the project, the tenant, and which
/// Identity Toolkit serves them (production, a Firebase Auth emulator, or with `--emulator` the
/// provider emulator's own project).
@Suite struct DoctorFirebaseTests {
  static func firebaseCheck(_ doctor: CLIRunner.Result) -> [String: Any]? {
    (doctor.json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "firebase" }
  }

  @Test func doctorNamesTheProjectAndItsIdentityToolkit() async throws {
    let production = try CLIRunner(
      configuration: "[firebase]\napi_key = \"AIza-test\"\nproject_id = \"my-app-12345\"\n")
    let check = try #require(Self.firebaseCheck(try await production.run(["doctor", "--json"])))
    #expect(check["ok"] as? Bool == true)
    #expect(
      check["detail"] as? String
        == "the accounts are kept in the Firebase project my-app-12345, through Identity Toolkit at identitytoolkit.googleapis.com"
    )
    #expect(
      try await production.run(["doctor"]).stdout.contains("firebase: the accounts are kept in the Firebase project"))

    let tenant = try CLIRunner(
      configuration:
        "[firebase]\napi_key = \"AIza-test\"\nproject_id = \"my-app-12345\"\ntenant_id = \"Staff-1\"\nemulator_host = \"127.0.0.1:9099\"\n"
    )
    let detail = try #require(Self.firebaseCheck(try await tenant.run(["doctor", "--json"]))?["detail"] as? String)
    #expect(detail.contains("tenant Staff-1 of the Firebase project my-app-12345"), "\(detail)")
    #expect(detail.hasSuffix("at 127.0.0.1:9099"), "\(detail)")

    let emulated = try await production.run(["doctor", "--json", "--emulator"])
    let emulator = try #require(Self.firebaseCheck(emulated)?["detail"] as? String)
    #expect(emulator.hasPrefix("with --emulator, the accounts are kept by the provider emulator's"), "\(emulator)")
    #expect(Self.firebaseCheck(try await CLIRunner().run(["doctor", "--json"])) == nil)
  }
}
