import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

@Suite struct SecretStoreChoiceTests {
  @Test func theKeyringUnlessTheConfigurationOptsIn() throws {
    let directory = FileManager.default.temporaryDirectory
    #expect(SecretStoreChoice.secretService.makeStore(dataDirectory: directory) is SecretServiceStore)
    #expect(SecretStoreChoice.secretService.warning == nil)
    let file = try ConfigurationLoader.parse("[app]\nsecret_store = \"file\"\n").app.secretStore
    #expect(file.makeStore(dataDirectory: directory) is FileSecretStore)
    #expect(file.warning?.contains("secret_store") == true)
  }
}
