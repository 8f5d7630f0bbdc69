import Foundation
import TOMLKit

extension ConfigurationLoader {
  static let firebaseKeys: Set<String> = ["api_key", "project_id", "tenant_id", "emulator_host"]

  /// `[firebase]`: `api_key` and `project_id` are required with the table; `emulator_host` falls back
  /// to `$FIREBASE_AUTH_EMULATOR_HOST`, as the Firebase SDKs do.
  static func readFirebase(_ table: TOMLTable, reader: TableReader, environment: [String: String]) throws
    -> FirebaseSettings
  {
    try reader.onlyKeys(firebaseKeys, in: table)
    guard let apiKey = try reader.string("api_key", in: table) else { throw reader.error("api_key", .required) }
    guard let projectID = try reader.string("project_id", in: table) else {
      throw reader.error("project_id", .required)
    }
    guard FirebaseSettings.isIdentifier(projectID, allowingCapitals: false) else {
      throw reader.error("project_id", .notAnIdentifier)
    }
    let tenantID = try reader.string("tenant_id", in: table)
    if let tenantID, !FirebaseSettings.isIdentifier(tenantID, allowingCapitals: true) {
      throw reader.error("tenant_id", .notAnIdentifier)
    }
    var emulatorHost = try reader.string("emulator_host", in: table)
    if let host = emulatorHost, FirebaseSettings.loopbackHost(host) == nil {
      throw reader.error("emulator_host", .notALoopbackHost(host), code: .insecureEndpoint)
    }
    if emulatorHost == nil, let host = environment[FirebaseSettings.emulatorHostVariable], !host.isEmpty {
      guard FirebaseSettings.loopbackHost(host) != nil else {
        throw AuthError.configuration(
          ConfigurationIssue(file: nil, key: FirebaseSettings.emulatorHostVariable, problem: .notALoopbackHost(host)),
          code: .insecureEndpoint)
      }
      emulatorHost = host
    }
    return FirebaseSettings(apiKey: apiKey, projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost)
  }
}
