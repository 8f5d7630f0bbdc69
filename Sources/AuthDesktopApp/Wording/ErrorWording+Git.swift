/// The words of `auth-desktop git-credential`'s own error.
extension ErrorWording {
  /// `auth/invalid-git-credential-request`: what came on its standard input is not git's.
  /// The window names no command: there it only says what happened.
  static func gitRequestBody(for surface: Surface) -> String {
    guard surface == .commandLine else {
      return tr("AuthDesktop's git credential helper was given something that is not a request from git, or too long.")
    }
    return sentences(
      tr("What “auth-desktop git-credential” read is not a credential request from git, or is too long."),
      tr("git runs it: register it with “auth-desktop install --git”."))
  }
}
