import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk
import Foundation

/// The `<releases>` of the app's AppStream metainfo (`data/dev.authdesktop.AuthDesktop.metainfo.xml`),
/// newest first, for the About window. libadwaita 1.2 has no `adw_about_window_new_from_appdata`
/// (1.5), so the file is read here with GLib's `GMarkup` parser. Each release's `<description>` is kept
/// as AppStream description markup (`<p>`, `<ul>`, `<li>`, …), which `AdwAboutWindow` renders;
/// translated elements (`xml:lang`) are skipped, and each English paragraph and item is looked up in the
/// app's catalog instead (`tr`), so the notes follow the window's language.
struct ReleaseNotes: Equatable {
  struct Release: Equatable {
    var version: String
    var date: String?
    var notes: String
  }

  var releases: [Release]

  /// The installed metainfo, or the one in the source tree the executable was built from: `data/`
  /// beside the build first (it matches this build), then `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`.
  static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> ReleaseNotes? {
    let name = "\(AppIdentity.authDesktop.applicationID).metainfo.xml"
    var candidates = sourceData(name)
    let home = environment["HOME"] ?? NSHomeDirectory()
    candidates.append((environment["XDG_DATA_HOME"] ?? "\(home)/.local/share") + "/metainfo/\(name)")
    for directory in (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":") {
      candidates.append("\(directory)/metainfo/\(name)")
    }
    for path in candidates {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), let notes = parse(text) { return notes }
    }
    return nil
  }

  /// Where `data/NAME` would be in the source tree of this build (`.build/<triple>/<config>/` is up
  /// to five folders below the repository).
  static func sourceData(_ name: String) -> [String] {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    var candidates: [String] = []
    for _ in 0..<5 {
      candidates.append(folder.appendingPathComponent("data/\(name)").path)
      folder.deleteLastPathComponent()
    }
    return candidates
  }

  /// The releases of a metainfo document; nil when it is not well-formed.
  static func parse(_ xml: String) -> ReleaseNotes? {
    let collector = Collector()
    var parser = GMarkupParser(
      start_element: { _, name, attributeNames, attributeValues, userData, _ in
        Collector.from(userData).start(
          String(cString: name!), attributes: Collector.attributes(attributeNames, attributeValues))
      },
      end_element: { _, name, userData, _ in Collector.from(userData).end(String(cString: name!)) },
      text: { _, text, length, userData, _ in
        guard let text else { return }
        Collector.from(userData).text(
          String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))
      },
      passthrough: nil, error: nil)
    let parsed = withUnsafeMutablePointer(to: &parser) { parser -> Bool in
      let context = g_markup_parse_context_new(
        parser, GMarkupParseFlags(rawValue: 0), Unmanaged.passUnretained(collector).toOpaque(), nil)
      defer { g_markup_parse_context_free(context) }
      // `collector` outlives the context: both end in this scope.
      return g_markup_parse_context_parse(context, xml, -1, nil) != 0
        && g_markup_parse_context_end_parse(context, nil) != 0
    }
    return parsed ? ReleaseNotes(releases: collector.releases) : nil
  }

  /// Builds the releases from `GMarkup`'s events.
  private final class Collector {
    var releases: [Release] = []
    private var path: [String] = []
    private var current: Release?
    /// Open elements inside the current release's `<description>` (0: outside it).
    private var depth = 0
    /// Open elements being skipped (a translation, `xml:lang`).
    private var skipping = 0

    static func from(_ pointer: gpointer?) -> Collector { Unmanaged.fromOpaque(pointer!).takeUnretainedValue() }

    static func attributes(
      _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?, _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?
    ) -> [String: String] {
      var result: [String: String] = [:]
      var index = 0
      while let name = names?[index], let value = values?[index] {
        result[String(cString: name)] = String(cString: value)
        index += 1
      }
      return result
    }

    func start(_ name: String, attributes: [String: String]) {
      path.append(name)
      if skipping > 0 || attributes["xml:lang"] != nil {
        skipping += 1
      } else if depth > 0 {
        depth += 1
        current?.notes += "<\(name)>"
      } else if name == "release", path.suffix(2) == ["releases", "release"] {
        current = Release(version: attributes["version"] ?? "", date: attributes["date"], notes: "")
      } else if name == "description", current != nil {
        depth = 1
      }
    }

    func end(_ name: String) {
      path.removeLast()
      if skipping > 0 {
        skipping -= 1
      } else if depth > 1 {
        depth -= 1
        current?.notes += "</\(name)>"
      } else if depth == 1 {
        depth = 0
        if let notes = current?.notes { current?.notes = Self.trimmed(notes) }
      } else if name == "release", let release = current {
        releases.append(release)
        current = nil
      }
    }

    /// Text inside a description, with each run of whitespace made one space (XML indentation is not
    /// content); the spaces next to block elements go when the description ends (`trimmed`).
    func text(_ text: String) {
      guard depth > 1, skipping == 0 else { return }
      let english = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      // The catalog holds each paragraph and item of the metainfo (po/, from data/*.in), whitespace
      // made single as here; an empty message would fetch the catalog's header.
      let words = english.isEmpty ? english : tr(english)
      let leading = text.first?.isWhitespace == true ? " " : ""
      let trailing = text.last?.isWhitespace == true && !words.isEmpty ? " " : ""
      guard let escaped = g_markup_escape_text(words, -1) else { return }
      defer { g_free(escaped) }
      current?.notes += leading + String(cString: escaped) + trailing
    }

    static func trimmed(_ markup: String) -> String {
      markup.replacingOccurrences(
        of: #"\s*(</?(?:p|ul|ol|li)>)\s*"#, with: "$1", options: .regularExpression)
    }
  }
}
