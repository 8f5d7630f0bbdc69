import CGio
import Foundation

/// Who a D-Bus caller is, from what the bus says about its connection (process id and uid, from
/// `GetConnectionCredentials`; never from anything the caller sends) and what the kernel shows of that
/// process: a Flatpak app (its `/.flatpak-info`), a Snap (its AppArmor label), or an unsandboxed program
/// (its executable, and the desktop entry that runs it when one does).
public struct CallerIdentity: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case flatpak(appID: String)
    case snap(name: String)
    /// Not sandboxed: it could read the user's keyring itself, so a consent is the user's choice, not a wall.
    case unsandboxed(executable: String, desktopEntry: String?)
  }

  public let processID: Int32
  public let userID: UInt32
  public let kind: Kind

  public init(processID: Int32, userID: UInt32, kind: Kind) {
    self.processID = processID
    self.userID = userID
    self.kind = kind
  }

  /// A stable key for the app: the Flatpak app ID, `snap.NAME`, or the executable's path.
  public var appKey: String {
    switch kind {
    case .flatpak(let id): return id
    case .snap(let name): return "snap.\(name)"
    case .unsandboxed(let executable, _): return executable
    }
  }

  public var isSandboxed: Bool {
    if case .unsandboxed = kind { return false }
    return true
  }

  /// The name to show the user: the desktop entry's `Name` (the Flatpak's exported entry, the snap's, or
  /// the one whose `Exec` runs the executable), else the app ID, snap name or executable's file name.
  public var displayName: String {
    switch kind {
    case .flatpak(let id): return DesktopEntries.name(ofID: "\(id).desktop") ?? id
    case .snap(let name): return DesktopEntries.name(ofID: "\(name)_\(name).desktop") ?? name
    case .unsandboxed(let executable, let entry):
      return entry.flatMap { DesktopEntries.name(ofID: $0) } ?? URL(fileURLWithPath: executable).lastPathComponent
    }
  }

  /// Why `resolving` found no identity: the read of the process that failed (for the service's log).
  public enum Unresolved: Error, Sendable, Equatable, CustomStringConvertible {
    case noProcess
    case otherOwner(UInt32)
    case noExecutable(errno: Int32)
    case changedDuringTheReads

    public var description: String {
      switch self {
      case .noProcess: "no such process"
      case .otherOwner(let owner): "its process folder belongs to uid \(owner)"
      case .noExecutable(let code): "its executable could not be read (\(String(cString: strerror(code))))"
      case .changedDuringTheReads: "its process folder changed owner during the reads"
      }
    }
  }

  /// The identity of process `pid`, whose connection the bus says belongs to `uid`, read from `proc`
  /// (`/proc`; a test's own folder in unit tests). A failure, naming the read that failed, when the
  /// process is gone, or changed its uid or was replaced by another one between the bus's answer and
  /// these reads (its folder's owner is checked before and after). Without `desktopEntry`, an
  /// unsandboxed program's entry is not looked for (that reads every desktop entry: milliseconds), and
  /// it has none.
  public static func resolving(
    processID pid: Int32, userID uid: UInt32, proc: String = "/proc", desktopEntry: Bool = true
  ) -> Result<CallerIdentity, Unresolved> {
    guard pid > 0 else { return .failure(.noProcess) }
    let folder = "\(proc)/\(pid)"
    guard let before = owner(of: folder) else { return .failure(.noProcess) }
    guard before == uid else { return .failure(.otherOwner(before)) }
    let kind: Kind
    if let data = read("\(folder)/root/.flatpak-info", limit: FlatpakInfo.maximumSize),
      let appID = FlatpakInfo.appID(in: data)
    {
      kind = .flatpak(appID: appID)
    } else if let label = read("\(folder)/attr/apparmor/current", limit: 4096)
      ?? read("\(folder)/attr/current", limit: 4096),
      let snap = AppArmorLabel.snapName(String(decoding: label, as: UTF8.self))
    {
      kind = .snap(name: snap)
    } else {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("\(folder)/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return .failure(.noExecutable(errno: errno)) }
      let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      kind = .unsandboxed(
        executable: executable, desktopEntry: desktopEntry ? DesktopEntries.id(running: executable) : nil)
    }
    guard owner(of: folder) == before else { return .failure(.changedDuringTheReads) }
    return .success(CallerIdentity(processID: pid, userID: uid, kind: kind))
  }

  private static func owner(of path: String) -> UInt32? {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_uid : nil
  }

  /// At most `limit` bytes of a regular file, not following a symbolic link at its last component.
  static func read(_ path: String, limit: Int) -> Data? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while data.count <= limit {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data.count <= limit ? data : nil
  }
}

/// The desktop entries GIO knows (`XDG_DATA_DIRS`, `XDG_DATA_HOME`).
enum DesktopEntries {
  /// The entry's `Name`, by desktop file ID.
  static func name(ofID id: String) -> String? {
    guard let info = g_desktop_app_info_new(id) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    return g_app_info_get_display_name(info).map { String(cString: $0) }
  }

  /// The ID of the first entry whose `Exec` program resolves to `executable`.
  static func id(running executable: String) -> String? {
    let all = g_app_info_get_all()
    defer { g_list_free_full(all) { g_object_unref($0) } }
    var node = all
    while let current = node {
      defer { node = current.pointee.next }
      guard let data = current.pointee.data else { continue }
      let info = OpaquePointer(data)
      guard let program = g_app_info_get_executable(info).map({ String(cString: $0) }),
        let path = resolve(program), path == executable,
        let id = g_app_info_get_id(info)
      else { continue }
      return String(cString: id)
    }
    return nil
  }

  private static func resolve(_ program: String) -> String? {
    guard let found = g_find_program_in_path(program) else { return nil }
    defer { g_free(found) }
    return URL(fileURLWithPath: String(cString: found)).resolvingSymlinksInPath().path
  }
}
