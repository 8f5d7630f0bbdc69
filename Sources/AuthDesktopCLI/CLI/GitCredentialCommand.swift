import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import AuthEngine
import Foundation

/// `git-credential get|store|erase [--interactive]`: git's credential helper (git-credential(1)). git
/// writes the request on stdin; `get` answers on stdout with the chosen account's access token for a
/// host a configured provider serves (`GitHosts`), or with nothing, so that git asks its next helper.
/// Nothing here reads the terminal unless `--interactive`; stdout carries only the answer.
struct GitCredentialCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "git-credential", abstract: tr("git's credential helper: the signed-in account's access token."))
  @OptionGroup var globals: GlobalOptions
  @Flag(help: ArgumentHelp(tr("With no account for the host, sign in (browser, or a code over SSH).")))
  var interactive = false
  @Argument(help: ArgumentHelp(tr("get, store or erase (git calls it so)."))) var operation: Operation

  enum Operation: String, ExpressibleByArgument, CaseIterable {
    case get, store, erase
  }

  func execute() async throws {
    try await Output.run(json: false) {
      let request = try GitCredentialRequest.parse(try Self.readInput())
      guard operation != .store, let providerID = try servingProvider(request) else { return }
      DesktopAuth.logger().debug("git-credential \(operation.rawValue): \(request)")
      switch operation {
      case .get: try await get(request, providerID: providerID)
      case .erase: try await erase(request, providerID: providerID)
      case .store: return
      }
    }
  }

  /// The provider whose tokens are git's credentials for the request's host; none in emulator mode,
  /// without a configuration file, or for a host no provider serves.
  private func servingProvider(_ request: GitCredentialRequest) throws -> String? {
    guard !globals.emulator, let host = request.host,
      let configuration = try ConfigurationLoader.load(globals.paths, identity: .authDesktop)
    else { return nil }
    return GitHosts.provider(serving: host, protocolName: request.protocolName ?? "", in: configuration)
  }

  private func get(_ request: GitCredentialRequest, providerID: String) async throws {
    // The service chooses the account as `GitCredentialAccount.choose` does (it is sent the directory,
    // the remote and the URL's login as the account), and refreshes as `Auth.gitCredential` does (a
    // token git's server refused is due).
    var asked = OwnCommandRequest(globals: globals, provider: providerID)
    let named = GitCredentialAccount.accountRequest(request, providerID: providerID, base: globals.accountRequest)
    (asked.account, asked.remote) = (named.explicit ?? "", named.remote)
    if let answered = OwnCommandCall.accessToken(asked) {
      DesktopAuth.logger().debug("git-credential: answered by the session-bus service")
      let answer = GitCredentialAnswer(
        username: request.username ?? answered.login ?? "x-access-token", password: AccessToken(answered.accessToken),
        expiresAt: answered.expiresAt)
      return Self.write(try answer.lines())
    }
    let context = try await CLIContext(globals)
    var answer: GitCredentialAnswer?
    do {
      answer = try await GitCredentialAccount.answer(request, providerID: providerID, context: context)
    } catch let error as AuthError where interactive && error.code == .userTokenExpired {
      answer = nil  // the provider's session ended: sign in again
    }
    if answer == nil, interactive {
      try await GitCredentialAccount.signIn(providerID: providerID, globals: globals)
      answer = try await GitCredentialAccount.answer(
        request, providerID: providerID, context: try await CLIContext(globals))
    }
    if let answer { Self.write(try answer.lines()) }
  }

  /// git calls `erase` with the credential a server refused: the token is marked, never forgotten.
  private func erase(_ request: GitCredentialRequest, providerID: String) async throws {
    guard let password = request.password else { return }
    let context = try await CLIContext(globals)
    guard let user = try await GitCredentialAccount.choose(request, providerID: providerID, context: context) else {
      return
    }
    try await context.auth.markRefused(providerID: providerID, uid: user.uid, password: password)
  }

  /// Standard input up to its end or its first blank line (where git's request ends), or one byte
  /// past `GitCredentialRequest.maximumLength` (which the parser then refuses).
  static func readInput() throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let blankLine = Data("\n\n".utf8)
    while data.count <= GitCredentialRequest.maximumLength, data.first != 0x0A, data.range(of: blankLine) == nil {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      data.append(contentsOf: buffer[..<count])
    }
    return data
  }

  /// The answer, to stdout as one write; a closed stdout drops it (git went away).
  static func write(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }
}
