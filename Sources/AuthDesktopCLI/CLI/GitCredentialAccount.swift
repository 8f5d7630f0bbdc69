import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// Which account answers git, and the sign-in `git-credential get --interactive` starts.
enum GitCredentialAccount {
  /// The account request for git's `request` (docs/accounts.md, "git's credential helper"): a
  /// `username` in git's URL names the account as `PROVIDER:LOGIN`, before `--account`; otherwise
  /// `--account`, `AUTH_DESKTOP_ACCOUNT`, the `remote` rules for the request's host and path (the path
  /// comes with `credential.useHttpPath`), the directory rules for git's working directory (the helper
  /// runs in it), then the current user.
  static func accountRequest(_ request: GitCredentialRequest, providerID: String, base: AccountRequest)
    -> AccountRequest
  {
    var named = base
    if let login = request.username, !login.isEmpty { named.explicit = "\(providerID):\(login)" }
    named.remote = GitRemote.of(request)
    return named
  }

  /// The account for git's `request`; nil when nobody is signed in, or when its URL names a login that
  /// no signed-in account has (git then asks its next helper). Any other name or rule that matches
  /// nobody is its error, never another account.
  static func choose(_ request: GitCredentialRequest, providerID: String, context cli: CLIContext) async throws
    -> User?
  {
    do {
      return try await cli.auth.chooseUser(accountRequest(request, providerID: providerID, base: cli.accountRequest))
        .user
    } catch let error as AuthError where error.code == .noCurrentUser {
      return nil
    } catch let error as AuthError where error.code == .unknownAccount && request.username?.isEmpty == false {
      return nil
    }
  }

  /// The chosen account's answer for `providerID`; nil without an account, or when it has no credential
  /// of that provider.
  static func answer(_ request: GitCredentialRequest, providerID: String, context cli: CLIContext) async throws
    -> GitCredentialAnswer?
  {
    guard let user = try await choose(request, providerID: providerID, context: cli) else { return nil }
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
