import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// Which account answers git, and the sign-in `git-credential get --interactive` starts.
enum GitCredentialAccount {
  /// The account for git here: `Auth.chooseUser` with `--account`, `AUTH_DESKTOP_ACCOUNT` and git's
  /// working directory (the helper runs in it) for the `[[accounts]]` rules, then the current user;
  /// nil when nobody is signed in. A name or a rule that matches nobody is its error, never another
  /// account. The repository's `path` (sent with `credential.useHttpPath`) is a path on the server, not
  /// a directory here, so no rule reads it.
  static func choose(_ cli: CLIContext) async throws -> User? {
    do {
      return try await cli.auth.chooseUser(cli.accountRequest).user
    } catch let error as AuthError where error.code == .noCurrentUser {
      return nil
    }
  }

  /// The chosen account's answer for `providerID`; nil without an account, or when it has no credential
  /// of that provider.
  static func answer(_ request: GitCredentialRequest, providerID: String, context cli: CLIContext) async throws
    -> GitCredentialAnswer?
  {
    guard let user = try await choose(cli) else { return nil }
    return try await cli.auth.gitCredential(providerID: providerID, uid: user.uid, username: request.username)
  }

  /// `auth-desktop sign-in PROVIDER` with the same options, its output on stderr: stdout is git's.
  /// The sign-in chooses the browser or, over SSH, the device grant (`SignInRedirect`).
  static func signIn(providerID: String, globals: GlobalOptions) async throws {
    let saved = dup(STDOUT_FILENO)
    guard saved >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
      throw AuthError(.internalError, origin: .request, detail: "git-credential: cannot set stdout aside")
    }
    defer {
      dup2(saved, STDOUT_FILENO)
      close(saved)
    }
    let command = try SignInCommand.parse([providerID] + globals.arguments)
    try await command.execute()
  }
}
