import AuthEngine
import Foundation

extension SecretStoreChoice {
  /// The store `[app] secret_store` names: the Secret Service unless the configuration opts in to the
  /// file store. There is no fallback: an unreachable keyring is `auth/secret-store-unavailable`,
  /// whose message says how to fix it.
  public func makeStore(dataDirectory: URL, identity: AppIdentity) -> any SecretStore {
    switch self {
    case .secretService: SecretServiceStore(schemaName: identity.applicationID)
    case .file: FileSecretStore(dataDirectory: dataDirectory)
    }
  }
}
