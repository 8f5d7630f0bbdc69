import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

// The example of the AuthDesktopKit catalog's "Signing in from a GTK app", compiled against the libraries
// an app links. The test checks that the article shows exactly this code (between the markers), so
// the two cannot drift.

// Example begin
/// Signs the user in with GitHub from a Swift GTK app: the desktop's browser, the loopback redirect
/// (RFC 8252 §7.3), and Firebase's account rules on this machine's store.
func signInWithGitHub(identity: AppIdentity, onCancel: (SignInSession) -> Void) async throws -> User {
  let paths = ConfigurationPaths(environment: ProcessInfo.processInfo.environment)
  guard let configuration = try ConfigurationLoader.load(paths, identity: identity) else {
    throw AuthError(.invalidConfiguration, origin: .configuration, detail: "no \(paths.configFile.path)")
  }
  // SQLite in the data dir (0700), secrets in the desktop keyring (or the file store the config names).
  let auth = try await DesktopAuth.open(configuration: configuration, dataDirectory: paths.dataDirectory)
  try await auth.recoverInterruptedOperations()  // finishes what a killed process left

  let session = try await auth.startSignIn(
    OAuthProvider(providerID: "github.com"), intent: .signIn, browser: GioBrowserLauncher(),
    redirect: .loopback(SoupRedirectListener()), timeout: .seconds(600))
  onCancel(session)  // a Cancel button calls `await session.cancel()`
  // With a custom-scheme redirect (`.scheme(receiver:)`), the URL the desktop hands the app goes
  // to `await session.resume(with: url)`.
  do {
    let result = try await session.result()
    _ = result.additionalUserInfo?.isNewUser
    return result.user
  } catch let error as AuthError {
    if let conflict = error.accountConflict {
      // account-exists-with-different-credential: sign in with one of conflict.signInMethods, then
      // `try await auth.linkPendingCredential()` links the GitHub account that waits.
      _ = conflict.email
    }
    throw error
  }
}
// Example end

@Suite struct EngineExampleTests {
  static let root = TestServers.repositoryRoot
  static let document = "Sources/AuthDesktopKit/AuthDesktopKit.docc/SigningInFromAGTKApp.md"
  static let marker = "<!-- compiled in Tests/AuthDesktopKitTests/EngineExampleTests.swift -->"

  @Test func theDocumentShowsTheCompiledExample() throws {
    let source = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/AuthDesktopKitTests/EngineExampleTests.swift"),
      encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(source.firstIndex(of: "// Example begin"))
    let end = try #require(source.firstIndex(of: "// Example end"))
    let document = try String(contentsOf: Self.root.appendingPathComponent(Self.document), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let marker = try #require(document.firstIndex { $0 == Self.marker })
    try #require(document[marker + 1] == "```swift")
    let close = try #require(document[(marker + 2)...].firstIndex(of: "```"))
    #expect(
      Array(document[(marker + 2)..<close]) == Array(source[(begin + 1)..<end]), "\(Self.document)'s example differs")
  }
}
