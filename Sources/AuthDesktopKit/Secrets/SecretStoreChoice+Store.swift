import AuthEngine
import Foundation

extension SecretStoreChoice {
  /// The store `[app] secret_store` names: the Secret Service unless the configuration opts in to the
  /// file store. There is no fallback: an unreachable keyring is `auth/secret-store-unavailable`,
  /// whose message says how to fix it.
  public func makeStore(dataDirectory: URL) -> any SecretStore {
    switch self {
    case .secretService: SecretServiceStore()
    case .file: FileSecretStore(dataDirectory: dataDirectory)
    }
  }

  /// The warning `status` and `doctor` show while secrets are in plain files.
  public var warning: String? {
    switch self {
    case .secretService: nil
    case .file:
      "Secrets are stored in files (secret_store = \"file\"), readable by anyone who can read your data dir "
        + "or its backups. Remove that setting to use the desktop keyring."
    }
  }
}
