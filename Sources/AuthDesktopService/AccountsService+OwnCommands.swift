import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// `GetAccessToken` and `GetIdToken` for AuthDesktop's own command line (`token`, `id-token`,
/// `git-credential get`): the user's own command needs no grant. It is recognised by the bus alone: an
/// unsandboxed process of the service's user whose executable is the `auth-desktop-cli` beside the
/// service's own executable (`CallerIdentity`, from `GetConnectionCredentials` and `/proc`), never by
/// what it sends. Its request (`OwnCommandRequest`) names the store the command would open; the
/// service opens it (and keeps it for the next call) and refreshes as the command would, one refresh at
/// a time per account across every process (`RefreshLock`). Any error is answered as `Failed` and the
/// command then does the work itself, so what it prints on an error is its own.
extension AccountsService {
  /// The answer for the own command line; nil when the call is not one (another caller, or no
  /// `own_command` option): the caller's grants decide then.
  func ownCommand(_ call: BusCall, caller: CallerIdentity) async throws -> [BusValue]? {
    guard Self.isOwnCommandCall(call), isOwnCommand(caller),
      let request = try OwnCommandRequest(call)
    else { return nil }
    options.used?()
    guard let auth = await ownCommandAuths.auth(for: request) else { throw ServiceError.failed(.notAvailable) }
    do {
      let user = try await auth.chooseUser(request.accountRequest).user
      if call.method == "GetIdToken" {
        let token = try await user.getIDToken(forceRefresh: request.forceRefresh)
        return [.string(token.reveal()), .int64(Int64(IDTokenIssuer.expiry(of: token)?.timeIntervalSince1970 ?? 0))]
      }
      guard let provider = request.provider else { throw ServiceError.invalidArgument(.option("provider")) }
      let credential = try await auth.providerCredential(providerID: provider, uid: user.uid)
      guard var answer = ProviderTokenAnswer(credential) else { throw ServiceError.failed(.notAvailable) }
      answer.login = user.providerData.first { $0.providerID == provider }?.screenName
      let text = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)
      return [.string(text), .int64(Int64(answer.expiresAt?.timeIntervalSince1970 ?? 0))]
    } catch let error as ServiceError {
      throw error
    } catch {
      DesktopAuth.logger().debug("own command: not served (\(error))")
      throw ServiceError.failed(.notAvailable)
    }
  }

  /// A token method with the option `own_command`: the caller says it is the own command line (which
  /// `isOwnCommand` then checks).
  static func isOwnCommandCall(_ call: BusCall) -> Bool {
    call.interface == AccountsBus.accountsInterface && ["GetAccessToken", "GetIdToken"].contains(call.method)
      && dictionary(call, at: 1)["own_command"] == .bool(true)
  }

  /// AuthDesktop's own command line: unsandboxed, and its executable is the one beside this process's
  /// (`Options.ownCommand`). A service whose own executable was replaced (an upgrade) serves no command:
  /// the new command's store format may be another.
  func isOwnCommand(_ caller: CallerIdentity) -> Bool {
    guard case .unsandboxed(let executable, _) = caller.kind, let own = options.ownCommand,
      !OwnCommandAuths.executableReplaced
    else { return false }
    return executable == own
  }
}

/// The stores the own command line asked for: the last one kept open (its configuration, its store
/// after recovery, the keyring's connection) while its configuration file and database file are the
/// same files, unchanged; otherwise opened again.
actor OwnCommandAuths {
  private struct Key: Equatable {
    var paths: [String]
    var flags: [Bool]
    var port: String?
    var configuration: FileIdentity?
  }

  private var kept: (key: Key, database: URL, opened: FileIdentity?, auth: Auth)?

  func auth(for request: OwnCommandRequest) async -> Auth? {
    let paths = request.paths
    let key = Key(
      paths: [request.configFile, request.dataDirectory], flags: [request.configFileIsExplicit, request.emulator],
      port: request.emulatorPort, configuration: FileIdentity(paths.configFile))
    if let kept, kept.key == key, let opened = kept.opened, opened.isSameFile(as: FileIdentity(kept.database)) {
      return kept.auth
    }
    kept = nil
    guard
      let (launch, auth) = try? await AppLaunch.makeAuth(
        paths, emulator: request.emulator, environment: request.environment),
      (try? await auth.recoverInterruptedOperations()) != nil
    else { return nil }
    let database = launch.dataDirectory.appendingPathComponent(AuthDatabase.fileName)
    kept = (key, database, FileIdentity(database), auth)
    return auth
  }

  /// The running executable was deleted or replaced (an upgrade, a rebuild).
  static var executableReplaced: Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))?.hasSuffix(" (deleted)") ?? true
  }

  /// `auth-desktop-cli` beside this process's executable.
  static var commandBesideThisExecutable: String? {
    guard let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("auth-desktop-cli").path
  }
}

/// A file as the file system names it, and its last change: another file at the same path, or the same
/// file rewritten, compares different.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec

  init?(_ url: URL) {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    (device, inode, size, modified) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size), info.st_mtim)
  }

  /// The same file, changed or not (a database is rewritten by every commit; replaced, it is another).
  func isSameFile(as other: FileIdentity?) -> Bool { other.map { ($0.device, $0.inode) == (device, inode) } ?? false }

  static func == (a: FileIdentity, b: FileIdentity) -> Bool {
    (a.device, a.inode, a.size, a.modified.tv_sec, a.modified.tv_nsec)
      == (b.device, b.inode, b.size, b.modified.tv_sec, b.modified.tv_nsec)
  }
}
