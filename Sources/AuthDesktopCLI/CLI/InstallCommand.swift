import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `install`: registers the `auth-desktop` launcher beside this executable as the handler of the app's
/// URI scheme for the current user (desktop entry with an absolute `Exec`, `update-desktop-database`,
/// `xdg-mime default`) and the session-bus service's D-Bus service file (`AccountsServiceFile`; the
/// retired token agent's is removed), plus the AppStream
/// metadata, icon and translations (compiled into `$XDG_DATA_HOME/locale`) when the `data/` and `po/`
/// folders are found next to the build.
struct InstallCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "install", abstract: tr("Register auth-desktop as the handler of its URL scheme for this user."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Flag(
    help: ArgumentHelp(
      tr("Only register git's credential helper for the hosts of the configured providers (git config --global).")))
  var git = false

  func execute() async throws {
    try await Output.run(output) {
      let file = try ConfigurationLoader.load(globals.paths, identity: .authDesktop)
      if git { return try registerGit(file) }
      let scheme = file?.app.redirectScheme ?? AppIdentity.authDesktop.redirectScheme
      let installer = DesktopIntegration(scheme: scheme)
      let steps = try installer.install()
      // A build copied out of its source tree has no data/ and po/ beside it: say what is missing.
      let skipped = DesktopIntegration.dataDirectory() == nil ? DesktopIntegration.skippedWithoutSourceTree : []
      if output.json {
        Output.json(["installed": steps, "skipped": skipped.isEmpty ? nil : skipped])
      } else {
        steps.forEach { Output.line(tr("installed: {path}", ["path": $0])) }
        if !skipped.isEmpty {
          Output.errorLine(
            tr(
              "warning: no data/ or po/ folder beside {path}, so the translations, the icon and the AppStream metadata were not installed. Run “auth-desktop install” from the build in the source tree to install them.",
              ["path": DesktopIntegration.executable]))
        }
      }
    }
  }
}

extension InstallCommand {
  /// `--git`: `GitRegistration` for the configuration's git hosts; none is an error (without a
  /// configuration file, or in emulator mode, no provider serves a real host).
  func registerGit(_ file: AuthConfiguration?) throws {
    let registration = file.map { GitRegistration(configuration: $0, globals: globals) }
    guard let registration, !globals.emulator, !registration.hosts.isEmpty else {
      throw AuthError(.operationNotAllowed, origin: .configuration, detail: "no configured provider serves a git host")
    }
    let added = try registration.register()
    if output.json {
      Output.json(["git": registration.keys, "added": added, "helper": registration.helper])
    } else {
      registration.keys.forEach {
        Output.line(tr("git: {key} = {helper}", ["key": $0, "helper": registration.helper]))
      }
    }
  }
}

struct DesktopIntegration {
  let scheme: String
  var desktopID: String { "\(AppIdentity.authDesktop.applicationID).desktop" }
  var environment: [String: String] { ProcessInfo.processInfo.environment }

  var dataHome: URL { Self.dataHome(environment) }

  static func dataHome(_ environment: [String: String]) -> URL {
    if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share")
  }

  /// The `auth-desktop` launcher beside this command line, resolved (the desktop entry needs an absolute
  /// path, and runs the launcher, not `auth-desktop-cli`: docs/architecture.md, "Targets").
  static var executable: String { SchemeRegistration.thisBuildExecutable }

  /// What the entry's `Exec` runs: this executable, or, when its path needs quotes or escapes (a space,
  /// as in `~/My Apps/`, or a `%`), a link to it under the data home: xdg-open without a recognised
  /// desktop (i3, sway, a bare window manager) reads `Exec` by splitting on spaces, ignores quotes and
  /// unescapes nothing.
  var launcher: String {
    DesktopExec.quote(Self.executable) == Self.executable ? Self.executable : launcherLink.path
  }

  var launcherLink: URL { dataHome.appendingPathComponent("auth-desktop/bin/auth-desktop") }

  /// The desktop entry for this executable and scheme: data/'s, with its translations (merged from
  /// po/ by `scripts/translations`), or, without the source tree, the same entry in English.
  var desktopEntry: String {
    guard let data = Self.dataDirectory(),
      let merged = try? String(
        contentsOf: data.appendingPathComponent(desktopID), encoding: .utf8)
    else { return englishDesktopEntry }
    return merged.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("Exec=") { return "Exec=\(DesktopExec.value([launcher], fieldCode: "%u"))" }
      if line.hasPrefix("MimeType=") { return "MimeType=x-scheme-handler/\(scheme);" }
      return String(line)
    }.joined(separator: "\n")
  }

  var englishDesktopEntry: String {
    """
    [Desktop Entry]
    Type=Application
    Name=AuthDesktop
    GenericName=Sign-in Helper
    Comment=Sign in with GitHub, X and OpenID Connect in your browser
    Exec=\(DesktopExec.value([launcher], fieldCode: "%u"))
    Icon=\(AppIdentity.authDesktop.applicationID)
    Terminal=false
    Categories=Utility;
    Keywords=OAuth;login;sign-in;GitHub;Twitter;OpenID;
    MimeType=x-scheme-handler/\(scheme);
    StartupNotify=true

    """
  }

  func install() throws -> [String] {
    let manager = FileManager.default
    let applications = dataHome.appendingPathComponent("applications")
    try manager.createDirectory(at: applications, withIntermediateDirectories: true)
    var installed: [String] = []
    try? manager.removeItem(at: launcherLink)
    if launcher == launcherLink.path {
      try manager.createDirectory(at: launcherLink.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.createSymbolicLink(atPath: launcherLink.path, withDestinationPath: Self.executable)
      installed.append(launcherLink.path)
    }
    let entry = applications.appendingPathComponent(desktopID)
    try Data(desktopEntry.utf8).write(to: entry, options: .atomic)
    installed.insert(entry.path, at: 0)
    if let data = Self.dataDirectory() {
      for (file, folder) in [
        ("\(AppIdentity.authDesktop.applicationID).metainfo.xml", "metainfo"),
        ("\(AppIdentity.authDesktop.applicationID).svg", "icons/hicolor/scalable/apps"),
      ] {
        let target = dataHome.appendingPathComponent(folder)
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        let destination = target.appendingPathComponent(file)
        try? manager.removeItem(at: destination)
        try manager.copyItem(at: data.appendingPathComponent(file), to: destination)
        installed.append(destination.path)
      }
    }
    let accounts = AccountsServiceFile.file(environment: environment)
    try manager.createDirectory(at: accounts.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? manager.removeItem(at: AccountsServiceFile.retiredAgentFile(environment: environment))
    let window = URL(fileURLWithPath: Self.executable).deletingLastPathComponent()
      .appendingPathComponent(WindowExecutable.name).path
    try Data(AccountsServiceFile.contents(window: window).utf8).write(to: accounts, options: .atomic)
    installed.append(accounts.path)
    installed += try installCatalogs()
    try Self.runTool("update-desktop-database", [applications.path])
    try Self.runTool("xdg-mime", ["default", desktopID, "x-scheme-handler/\(scheme)"])
    installed.append("x-scheme-handler/\(scheme) → \(desktopID)")
    return installed
  }

  /// What `install` leaves out without the source tree (`dataDirectory()` nil), as `--json` lists it.
  static let skippedWithoutSourceTree = ["translations", "icon", "metainfo"]

  /// `data/` of the source tree the executable was built from (`.build/<config>/auth-desktop`).
  static func dataDirectory() -> URL? {
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = folder.appendingPathComponent("data/\(AppIdentity.authDesktop.applicationID).desktop")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate.deletingLastPathComponent() }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  @discardableResult
  static func runTool(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      throw AuthError(.internalError, origin: .request, detail: "\(tool) could not be run")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw AuthError(
        .internalError, origin: .request, detail: "\(tool) failed (is xdg-utils / desktop-file-utils installed?)")
    }
    return text
  }
}
