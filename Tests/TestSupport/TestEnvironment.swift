import Foundation

/// Process-wide set-up shared by every suite that touches GLib: GIO caches `XDG_DATA_HOME` and
/// `XDG_CONFIG_HOME` on first use, so they must name the tests' own directory before any GIO call.
/// `scripts/test` makes it and starts the test process with them (`AUTH_DESKTOP_TEST_GIO_HOME`);
/// otherwise (a plain `swift test`) the first suite that starts makes one here and points the process
/// at it: every GLib-using suite's `init` calls `prepare()`.
///
/// The directory holds a fake web browser, the default handler of `x-scheme-handler/http(s)`: a
/// shell script that appends the URI it is given (`%u`) as one line to `openedFile`.
public enum TestEnvironment {
  public struct Paths: Sendable {
    var root: URL
    public var openedFile: URL
  }

  public static let paths: Paths = make()

  public static func prepare() { _ = paths }

  /// How long a test's HTTP request to a server on 127.0.0.1 may wait for its answer. A bound against a
  /// hang, not a speed check: at the start of a full run hundreds of tests and their child processes
  /// share two cores, and a loopback answer has been seen to take over 10 s there.
  public static let requestTimeout: TimeInterval = 60

  private static func make() -> Paths {
    if let made = ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_GIO_HOME"] {
      let root = URL(fileURLWithPath: made)
      return Paths(root: root, openedFile: root.appendingPathComponent("opened.txt"))
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("authdesktop-tests-\(UUID().uuidString)")
    let data = root.appendingPathComponent("data")
    let config = root.appendingPathComponent("config")
    let applications = data.appendingPathComponent("applications")
    let opened = root.appendingPathComponent("opened.txt")
    let script = root.appendingPathComponent("fake-browser")
    let desktopID = "authdesktop-test-browser.desktop"
    do {
      for directory in [applications, config] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      }
      try write("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n", to: script)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
      try write(
        """
        [Desktop Entry]
        Type=Application
        Name=AuthDesktop test browser
        Exec=\(script.path) %u
        MimeType=x-scheme-handler/http;x-scheme-handler/https;
        NoDisplay=true

        """, to: applications.appendingPathComponent(desktopID))
      try write(
        """
        [Default Applications]
        x-scheme-handler/http=\(desktopID)
        x-scheme-handler/https=\(desktopID)

        """, to: config.appendingPathComponent("mimeapps.list"))
    } catch {
      fatalError("cannot prepare the test XDG directories: \(error)")
    }
    setenv("XDG_DATA_HOME", data.path, 1)
    setenv("XDG_CONFIG_HOME", config.path, 1)
    return Paths(root: root, openedFile: opened)
  }

  private static func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
  }
}
