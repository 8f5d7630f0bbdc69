import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// The token agent (`auth-desktop-cli agent`, docs/architecture.md "The token agent"): a process of the
/// desktop session that keeps the store and the Secret Service's transfer session open, so that
/// `auth-desktop token` is answered without a command paying for them. The session bus starts it
/// (the service file `install` writes) and it ends when idle, when the bus goes, or when its
/// executable was replaced.
///
/// It writes nothing but the recovery every command makes when it opens a store: it answers with a
/// provider token that needs no refresh, for the configuration and data dir the asking process would
/// have used, and with nothing otherwise (no user, a token due
/// for a refresh, a locked keyring, any error) — the command then does the work itself, so its answer
/// and its errors are the command's own.
actor TokenAgent {
  static var busName: String { "\(AppIdentity.authDesktop.applicationID).Agent" }
  static var objectPath: String { SessionBusCall.objectPath(for: busName) }
  static let method = "ProviderToken"

  /// The agent's own socket (`LocalSocketService`), which `token` tries before the bus:
  /// `$XDG_RUNTIME_DIR/APP_ID/agent`. Nil without an absolute runtime dir, or when the path is too long
  /// for a socket; the agent is then asked on the bus only.
  static func socketPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
    let path = "\(runtime)/\(AppIdentity.authDesktop.applicationID)/agent"
    return LocalSocket.fits(path) ? path : nil
  }

  /// The one context kept: what the last request named, its database file and the `Auth` on it.
  private var context: (key: ContextKey, database: URL, opened: FileIdentity?, auth: Auth)?
  private(set) var lastRequest = ContinuousClock.now

  /// The answer to one request (a `TokenAgentRequest` in JSON): a `ProviderTokenAnswer` in JSON, or nil.
  func answer(_ text: String) async -> String? {
    lastRequest = .now
    guard !Self.executableReplaced,
      let request = try? JSONDecoder().decode(TokenAgentRequest.self, from: Data(text.utf8)),
      let auth = await auth(for: request),
      let choice = try? await auth.chooseUser(request.accountRequest),
      let credential = try? await auth.providerCredential(
        providerID: request.provider, uid: choice.user.uid, refreshing: false),
      let answer = ProviderTokenAnswer(credential)
    else { return nil }
    return (try? JSONEncoder().encode(answer)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The `Auth` of the request's configuration and data dir: the kept one while the configuration file
  /// and the database file are the same files, unchanged; otherwise a new one (after its recovery).
  private func auth(for request: TokenAgentRequest) async -> Auth? {
    let paths = ConfigurationPaths(environment: request.environment)
    let key = ContextKey(environment: request.environment, configuration: FileIdentity(paths.configFile))
    if let context, context.key == key, let opened = context.opened,
      opened.isSameFile(as: FileIdentity(context.database))
    {
      return context.auth
    }
    context = nil
    guard let (launch, auth) = try? await AppLaunch.makeAuth(paths, emulator: false, environment: request.environment),
      (try? await auth.recoverInterruptedOperations()) != nil
    else { return nil }
    let database = launch.dataDirectory.appendingPathComponent(AuthDatabase.fileName)
    context = (key, database, FileIdentity(database), auth)
    return auth
  }

  /// The running executable was deleted or replaced (an upgrade, a rebuild): its answers could differ
  /// from the new command's, so it answers nothing more and the bus starts the new one next time.
  static var executableReplaced: Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))?.hasSuffix(" (deleted)") ?? true
  }

  struct ContextKey: Equatable {
    var environment: [String: String]
    var configuration: FileIdentity?
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
