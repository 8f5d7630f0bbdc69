import Foundation

/// What git hands a credential helper on its standard input (git-credential(1), "INPUT/OUTPUT
/// FORMAT"): one `key=value` attribute per line, split at the first `=`, up to a blank line or the
/// end of the input; `key[]=value` adds to a list (an empty value clears it); `url=` stands for its
/// parts. Unknown attributes are skipped, as git does, so a newer git's attributes pass. The input
/// comes from whatever runs the helper, so it is read as untrusted: anything over `maximumLength`
/// bytes, a NUL, bytes that are not UTF-8, or a line without `=` or with an empty key is refused
/// whole (`auth/invalid-git-credential-request`), nothing half-read.
public struct GitCredentialRequest: Sendable {
  /// git's own requests are a few hundred bytes; a longer input is not one.
  public static let maximumLength = 65_536

  /// `https`, `http`, …; lowercased.
  public var protocolName: String?
  /// The host, with `:PORT` when the URL has one; lowercased.
  public var host: String?
  /// The repository's path, sent only when `credential.useHttpPath` is set.
  public var path: String?
  public var username: String?
  /// The password git is asked to store or erase (never logged: `GitCredentialRequest` prints it
  /// redacted).
  public var password: GitPassword?
  /// `wwwauth[]`: the server's `WWW-Authenticate` headers, as git passes them on.
  public var wwwAuthenticate: [String] = []
  /// `capability[]`: what this git understands beyond the basic attributes.
  public var capabilities: [String] = []

  public init() {}

  /// Reads `data` as git writes it.
  public static func parse(_ data: Data) throws -> GitCredentialRequest {
    guard data.count <= maximumLength else { throw invalid("longer than \(maximumLength) bytes") }
    guard !data.contains(0) else { throw invalid("a NUL byte") }
    guard String(data: data, encoding: .utf8) != nil else { throw invalid("not UTF-8") }
    var request = GitCredentialRequest()
    // Split as bytes: in a Swift string "\r\n" is one character, which "\n" does not match.
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }  // the last line's own newline
    for (number, raw) in lines.enumerated() {
      let line = String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self)
      if line.isEmpty { break }
      guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
        throw invalid("line \(number + 1) is not key=value")
      }
      try request.set(String(line[..<equals]), String(line[line.index(after: equals)...]))
    }
    return request
  }

  private mutating func set(_ key: String, _ value: String) throws {
    switch key {
    case "protocol": protocolName = value.lowercased()
    case "host": host = value.lowercased()
    case "path": path = value
    case "username": username = value
    case "password": password = GitPassword(value)
    case "url": try setURL(value)
    case "wwwauth[]": value.isEmpty ? wwwAuthenticate.removeAll() : wwwAuthenticate.append(value)
    case "capability[]": value.isEmpty ? capabilities.removeAll() : capabilities.append(value)
    default: break
    }
  }

  /// `url=` is git's shorthand for protocol, host, username, password and path at once.
  private mutating func setURL(_ value: String) throws {
    guard let parts = URLComponents(string: value), let scheme = parts.scheme, parts.host != nil else {
      throw Self.invalid("url= is not an absolute URL")
    }
    protocolName = scheme.lowercased()
    host = (parts.percentEncodedHost ?? "").lowercased() + (parts.port.map { ":\($0)" } ?? "")
    username = parts.user
    password = parts.password.map(GitPassword.init)
    let trimmed = parts.path.drop { $0 == "/" }
    path = trimmed.isEmpty ? nil : String(trimmed)
  }

  static func invalid(_ detail: String) -> AuthError {
    AuthError(.invalidGitCredentialRequest, origin: .request, detail: "git credential input: \(detail)")
  }
}

extension GitCredentialRequest: CustomStringConvertible {
  public var description: String {
    "GitCredentialRequest(protocol: \(protocolName ?? "-"), host: \(host ?? "-"), path: \(path ?? "-"), "
      + "username: \(username == nil ? "-" : "[redacted]"), password: \(password == nil ? "-" : "[redacted]"))"
  }
}

public enum GitPasswordKind: SecretKind {}
/// A password as git passes it to a helper (`password=`): for a host a provider serves, one of its
/// access tokens.
public typealias GitPassword = Secret<GitPasswordKind>
