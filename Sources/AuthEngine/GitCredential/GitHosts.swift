import Foundation
import TOMLKit

/// Which provider's access tokens are git's credentials for a host (`auth-desktop git-credential`).
/// `[providers."github.com"]` serves `github.com` unless its `git_hosts` names others (GitHub
/// Enterprise Server); an OpenID provider serves the hosts its `git_hosts` names, and none without
/// it. X serves none. The emulator's configuration serves none either: its tokens are good at no
/// real host.
public enum GitHosts {
  /// The provider that serves `host` (`HOST` or `HOST:PORT`) over `protocolName`, or nil. Tokens go
  /// only over https, or over http to a loopback host (a test server on 127.0.0.1): never in clear
  /// over a network.
  public static func provider(serving host: String, protocolName: String, in configuration: AuthConfiguration)
    -> String?
  {
    let host = host.lowercased()
    guard protocolName == "https" || (protocolName == "http" && isLoopback(host)) else { return nil }
    return configuration.providers.keys.sorted().first { hosts(of: $0, in: configuration).contains(host) }
  }

  /// The hosts `providerID` serves, as configured (see the type's comment).
  public static func hosts(of providerID: String, in configuration: AuthConfiguration) -> [String] {
    guard let settings = configuration.providers[providerID], settings.flow != .oauth1 else { return [] }
    if let hosts = settings.gitHosts { return hosts }
    return providerID == "github.com" && settings.flow == .oauth2 ? ["github.com"] : []
  }

  /// Whether `host` (with or without its port) is 127.0.0.1, [::1] or localhost.
  public static func isLoopback(_ host: String) -> Bool {
    let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
    return ["127.0.0.1", "[::1]", "localhost"].contains(name)
  }

  /// `git_hosts` of a provider table: host names or IP literals, each with an optional `:PORT`.
  static func read(_ key: String, in table: TOMLTable, reader: TableReader) throws -> [String]? {
    guard let items = try reader.strings(key, in: table) else { return nil }
    return try items.map { item in
      guard isHost(item) else { throw reader.error(key, .notAGitHost) }
      return item.lowercased()
    }
  }

  /// `NAME[:PORT]` or `[IPv6][:PORT]`: what git sends as `host=`.
  static func isHost(_ text: String) -> Bool {
    var name = Substring(text)
    var port: Substring?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return false }
      let inside = text[text.index(after: text.startIndex)..<close]
      guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
      let rest = text[text.index(after: close)...]
      if !rest.isEmpty {
        guard rest.first == ":" else { return false }
        port = rest.dropFirst()
      }
      name = "x"
    } else if let colon = text.firstIndex(of: ":") {
      name = text[..<colon]
      port = text[text.index(after: colon)...]
    }
    if let port, port.isEmpty || port.count > 5 || !port.allSatisfy(\.isASCII) || Int(port).map({ $0 > 65535 }) ?? true
    {
      return false
    }
    return !name.isEmpty && name.count <= 253 && name.first != "." && name.first != "-"
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
  }
}
