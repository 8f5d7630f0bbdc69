import AuthDesktopApp
import AuthEngine

extension SecretStoreChoice {
  /// The warning `status` and `doctor` show while secrets are in plain files.
  var warning: String? {
    switch self {
    case .secretService: nil
    case .file:
      tr(
        "Secrets are stored in files (secret_store = “file”), readable by anyone who can read your data dir or its backups. Remove that setting to use the desktop keyring."
      )
    }
  }
}
