import Foundation

/// A desktop of a test's own: XDG data and config dirs under `root`, where tests choose the default web
/// browser and the handler of a URL scheme (`mimeapps.list` and desktop entries, as GIO and xdg-open
/// read them). Pass `environment` to the processes that should see it.
public struct PrivateDesktop {
  public let root: URL

  public init(root: URL) { self.root = root }

  public var environment: [String: String] {
    [
      "XDG_DATA_HOME": root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("xdg-config").path,
    ]
  }

  var applications: URL { root.appendingPathComponent("xdg-data/applications") }
  var config: URL { root.appendingPathComponent("xdg-config") }

  /// Makes `exec` (a desktop-entry Exec line, `%u` for the URL) the default http and https handler;
  /// `schemeHandler` (a name) registers another program for `scheme`, as a misconfigured desktop would.
  public func register(browser exec: String, schemeHandler: String? = nil, scheme: String? = nil) throws {
    for directory in [applications, config] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    var defaults = "[Default Applications]\n"
    try Self.entry("Test Browser", exec: exec, mime: "x-scheme-handler/http;x-scheme-handler/https;")
      .write(
        to: applications.appendingPathComponent("authdesktop-test-browser.desktop"), atomically: true, encoding: .utf8)
    defaults +=
      "x-scheme-handler/http=authdesktop-test-browser.desktop\nx-scheme-handler/https=authdesktop-test-browser.desktop\n"
    if let schemeHandler, let scheme {
      let mime = "x-scheme-handler/\(scheme)"
      try Self.entry(schemeHandler, exec: "/bin/true %u", mime: mime + ";")
        .write(to: applications.appendingPathComponent("other-app.desktop"), atomically: true, encoding: .utf8)
      defaults += "\(mime)=other-app.desktop\n"
    }
    try defaults.write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
  }

  static func entry(_ name: String, exec: String, mime: String) -> String {
    "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\nMimeType=\(mime)\nNoDisplay=true\n"
  }
}
