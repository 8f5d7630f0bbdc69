import AuthEngine
import Foundation
import Testing

/// `[firebase]`: the keys the issue lists, `$FIREBASE_AUTH_EMULATOR_HOST` as the Firebase SDKs read it,
/// and errors that name the file, the table and the key.
@Suite struct FirebaseConfigurationTests {
  static func parse(_ text: String, environment: [String: String] = [:]) throws -> AuthConfiguration {
    try ConfigurationLoader.parse(text, source: "f.toml", identity: .tests, environment: environment)
  }

  static func issue(_ text: String, environment: [String: String] = [:]) -> AuthError? {
    do {
      _ = try parse(text, environment: environment)
      return nil
    } catch {
      return error as? AuthError
    }
  }

  @Test func theTableParses() throws {
    let configuration = try Self.parse(
      """
      [firebase]
      api_key = "AIzaKey"
      project_id = "my-app-12345"
      tenant_id = "Tenant-7"
      emulator_host = "127.0.0.1:9099"
      """)
    let firebase = try #require(configuration.firebase)
    #expect(
      firebase
        == FirebaseSettings(
          apiKey: "AIzaKey", projectID: "my-app-12345", tenantID: "Tenant-7", emulatorHost: "127.0.0.1:9099"))
    #expect(
      firebase.location == .firebase(projectID: "my-app-12345", tenantID: "Tenant-7", emulatorHost: "127.0.0.1:9099"))
    #expect(firebase.storageName == "firebase-my-app-12345-Tenant-7-emulator")
    #expect(try Self.parse("").firebase == nil, "no table: the local store")
  }

  @Test func theEmulatorHostComesFromTheEnvironmentUnlessTheFileNamesOne() throws {
    let table = "[firebase]\napi_key = \"k\"\nproject_id = \"p1\"\n"
    let environment = [FirebaseSettings.emulatorHostVariable: "localhost:9099"]
    #expect(try Self.parse(table, environment: environment).firebase?.emulatorHost == "localhost:9099")
    #expect(try Self.parse(table).firebase?.emulatorHost == nil, "production without either")
    let named = table + "emulator_host = \"127.0.0.1:9100\"\n"
    #expect(try Self.parse(named, environment: environment).firebase?.emulatorHost == "127.0.0.1:9100")
    #expect(try Self.parse("", environment: environment).firebase == nil, "the variable alone keeps the local store")
  }

  @Test(arguments: [
    ("[firebase]\nproject_id = \"p1\"\n", "api_key", ConfigurationProblem.required),
    ("[firebase]\napi_key = \"k\"\n", "project_id", .required),
    ("[firebase]\napi_key = \"k\"\nproject_id = \"My_App\"\n", "project_id", .notAnIdentifier),
    ("[firebase]\napi_key = \"k\"\nproject_id = \"p1\"\ntenant_id = \"a b\"\n", "tenant_id", .notAnIdentifier),
    ("[firebase]\napi_key = \"\"\nproject_id = \"p1\"\n", "api_key", .empty),
  ])
  func errorsNameTheKey(text: String, key: String, problem: ConfigurationProblem) throws {
    let error = try #require(Self.issue(text))
    #expect(error.code == .invalidConfiguration)
    #expect(
      error.configurationIssue == ConfigurationIssue(file: "f.toml", table: "[firebase]", key: key, problem: problem))
  }

  @Test func anUnknownKeyListsTheAllowedOnes() throws {
    let error = try #require(Self.issue("[firebase]\napi_key = \"k\"\nproject_id = \"p1\"\nauth_domain = \"x\"\n"))
    #expect(
      error.configurationIssue?.problem
        == .unknownKey(allowed: ["api_key", "emulator_host", "project_id", "tenant_id"]))
  }

  /// An emulator speaks plain http: only on the loopback interface (RFC 8252 §8.3).
  @Test func anEmulatorHostMustBeLoopback() throws {
    let table = "[firebase]\napi_key = \"k\"\nproject_id = \"p1\"\n"
    let inFile = try #require(Self.issue(table + "emulator_host = \"emulator.example.com:9099\"\n"))
    #expect(inFile.code == .insecureEndpoint)
    #expect(inFile.configurationIssue?.key == "emulator_host")
    let noPort = try #require(Self.issue(table + "emulator_host = \"127.0.0.1\"\n"))
    #expect(noPort.configurationIssue?.problem == .notALoopbackHost("127.0.0.1"))
    let fromEnvironment = try #require(
      Self.issue(table, environment: [FirebaseSettings.emulatorHostVariable: "10.0.0.5:9099"]))
    #expect(fromEnvironment.code == .insecureEndpoint)
    #expect(
      fromEnvironment.configurationIssue
        == ConfigurationIssue(
          file: nil, key: FirebaseSettings.emulatorHostVariable, problem: .notALoopbackHost("10.0.0.5:9099")))
  }
}
