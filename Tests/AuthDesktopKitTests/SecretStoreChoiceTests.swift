import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

@Suite struct SecretStoreChoiceTests {
  @Test func theKeyringUnlessTheConfigurationOptsIn() throws {
    let directory = FileManager.default.temporaryDirectory
    #expect(SecretStoreChoice.secretService.makeStore(dataDirectory: directory, identity: .tests) is SecretServiceStore)
    let file = try ConfigurationLoader.parse("[app]\nsecret_store = \"file\"\n").app.secretStore
    #expect(file.makeStore(dataDirectory: directory, identity: .tests) is FileSecretStore)
  }
}
