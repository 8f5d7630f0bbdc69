/// The words of `auth-desktop git-credential`'s own error.
extension ErrorWording {
  /// `auth/invalid-git-credential-request`: what came on its standard input is not git's.
  static var gitRequestBody: String {
    sentences(
      tr("What “auth-desktop git-credential” read is not a credential request from git, or is too long."),
      tr("git runs it: register it with “auth-desktop install --git”."))
  }
}
