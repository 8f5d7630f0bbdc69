import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// Which account answers git, and the sign-in `git-credential get --interactive` starts.
enum GitCredentialAccount {
  /// Where git asks from: its working directory (the helper runs in it) and the repository's path on
  /// the server when `credential.useHttpPath` is set.
  struct Context {
    var directory: String
    var path: String?

    init(request: GitCredentialRequest, directory: String = FileManager.default.currentDirectoryPath) {
      self.directory = directory
      path = request.path
    }

    /// Whether the token agent's answer (the signed-in user's token) is this context's.
    var allowsTheTokenAgent: Bool { true }
  }

  /// The account for `context`: the signed-in user, or nil.
  static func choose(_ cli: CLIContext, where context: Context) async throws -> User? {
    try await cli.auth.currentUser()
  }

  /// The chosen account's answer for `providerID`; nil without an account, or when it has no credential
  /// of that provider.
  static func answer(
    _ request: GitCredentialRequest, providerID: String, context cli: CLIContext, where context: Context
  )
    async throws -> GitCredentialAnswer?
  {
    guard let user = try await choose(cli, where: context) else { return nil }
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
