import Foundation

/// A repository as git names it to a credential helper and as an `[[accounts]]` rule's `remote` names
/// a group of them: `HOST[:PORT][/PATH]` (`github.com/work-org`, `git.example.com:8443/team/app.git`),
/// with no scheme, user, query or wildcard (docs/configuration.md).
public enum GitRemote {
  /// The remote of git's request: its host, and its path when git sent one (`credential.useHttpPath`).
  public static func of(_ request: GitCredentialRequest) -> String? {
    guard let host = request.host, !host.isEmpty else { return nil }
    return request.path.map { host + "/" + $0 } ?? host
  }

  /// A rule's `remote` as it is compared (`comparable`), or nil when it is not `HOST[:PORT][/PATH]`:
  /// a host `GitHosts` accepts, then path segments that are not empty, `.` or `..`, without spaces,
  /// control characters, `*`, `?`, `[`, `\`, `#`, `%` or `@`.
  static func normalized(_ text: String) -> String? {
    var rest = Substring(text)
    while rest.hasSuffix("/") { rest = rest.dropLast() }
    let host = rest.prefix { $0 != "/" }
    guard GitHosts.isHost(String(host)) else { return nil }
    let segments = rest.dropFirst(host.count).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for segment in segments {
      guard !segment.isEmpty, segment != ".", segment != "..",
        !segment.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
          && !segment.contains(where: { "*?[\\#%@".contains($0) })
      else { return nil }
    }
    return comparable(String(rest))
  }

  /// Lowercased, without trailing `/` and without a last `.git`.
  static func comparable(_ remote: String) -> String {
    var text = remote.lowercased()
    while text.hasSuffix("/") { text.removeLast() }
    if text.hasSuffix(".git"), text.contains("/") { text.removeLast(4) }
    return text
  }
}
