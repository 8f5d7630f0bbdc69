import AuthEngine
import Foundation
import TestSupport
import Testing

/// The engine types errors by cause and words nothing for people: the app words them (`expectAuthError`
/// checks every error the suites expect for the same, see `expectNoUserFacingText`).
@Suite struct ErrorShapeTests {
  /// An `AuthError` is its code, origin, typed payload and context, all set when it is made.
  @Test func anErrorHoldsItsCauseAsData() {
    let conflict = AccountConflict(email: "ada@example.com", providerID: "twitter.com", signInMethods: ["password"])
    let error = AuthError.accountConflict(conflict)
    let labels = Mirror(reflecting: error).children.compactMap(\.label)
    #expect(labels == ["code", "origin", "payload", "providerID", "pendingID", "detail"])
    #expect(error.code == .accountExistsWithDifferentCredential)
    #expect(error.accountConflict == conflict)
    #expect(error.providerID == "twitter.com")
    #expect(error.email == "ada@example.com")
    #expect(error.description == "auth/account-exists-with-different-credential")
  }

  /// The engine's sources hold no wording table (it moved to the app, `UserFacingError`).
  @Test func theEngineHasNoWordingTable() throws {
    let engine = TestServers.repositoryRoot.appendingPathComponent("Sources/AuthEngine")
    let files = try #require(FileManager.default.enumerator(atPath: engine.path)?.allObjects as? [String])
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50, "the engine's sources were not found at \(engine.path)")
    for file in files {
      let text = try String(contentsOf: engine.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("ErrorMessages"), "\(file)")
      #expect(!text.contains("var message: String {"), "\(file) words errors")
    }
  }

  /// Printing keeps to the code and its technical detail.
  @Test func descriptionIsTheCodeAndTheDetail() {
    let error = AuthError(.invalidState, origin: .redirect, payload: .state(.expired), detail: "pending 1a2b")
    #expect(error.description == "auth/invalid-state: pending 1a2b")
    expectNoUserFacingText(error)
  }
}
