/// A configuration setting that is wrong: where it is (the file, the table, the key) and what is wrong
/// with it, as data, so that an app can say "config.toml: [providers."github.com"] client_id is
/// required" in its own words.
public struct ConfigurationIssue: Sendable, Equatable {
  /// The configuration file as it was named; nil for the built-in configuration, or a setting that
  /// does not come from the file (an environment variable: then `key` is its name).
  public let file: String?
  /// The table as written in the file (`[app]`, `[providers."github.com"]`); nil at the top level.
  public let table: String?
  /// The key in `table`; nil when the problem is the file or the table itself.
  public let key: String?
  public let problem: ConfigurationProblem

  public init(file: String?, table: String? = nil, key: String? = nil, problem: ConfigurationProblem) {
    self.file = file
    self.table = table
    self.key = key
    self.problem = problem
  }

  /// `table` and `key` as TOML writes them (`[providers."github.com"] client_id`); nil when neither.
  public var qualifiedKey: String? {
    switch (table, key) {
    case (let table?, let key?): "\(table) \(key)"
    case (let table?, nil): table
    case (nil, let key?): key
    case (nil, nil): nil
    }
  }

  /// The table of provider `providerID`, as written in the file.
  public static func providerTable(_ providerID: String) -> String { "[providers.\"\(providerID)\"]" }
}

/// What is wrong with a setting.
public enum ConfigurationProblem: Sendable, Equatable {
  /// The file was named explicitly and does not exist.
  case fileNotFound
  /// The file cannot be read as UTF-8 text.
  case notUTF8
  /// TOML syntax error at this position (TOML 1.0; the parser's own words are in `detail`).
  case syntaxError(line: Int, column: Int)
  /// Not a key of this table (a typo must not fall back to a default); `allowed` are the keys it has.
  case unknownKey(allowed: [String])
  /// The table names a provider id that is not supported; `known` are the ids the provider table has
  /// (`github.com`, `twitter.com`, `oidc.NAME`, and any row added to it).
  case unknownProvider(known: [String])
  /// The provider has no table in the configuration.
  case missingTable
  /// The key must be set.
  case required
  /// The value has the wrong TOML type.
  case wrongType(expected: ConfigurationValueType)
  /// The string is empty.
  case empty
  /// An array item is empty or holds a space.
  case invalidListItem
  /// The value must be one of `allowed`.
  case notOneOf(allowed: [String])
  /// Not a URI scheme (RFC 3986 §3.1), or `http`/`https`.
  case notAURIScheme
  /// Not an absolute URL.
  case notAbsoluteURL
  /// Not `https` (plain `http` is allowed only on 127.0.0.1/localhost, RFC 8252 §8.3).
  case insecureURL
  /// A URL that must not have a query or fragment has one.
  case hasQueryOrFragment
  /// A redirect URI that is neither the app's scheme nor `http://127.0.0.1/…` (RFC 8252 §7).
  case notARedirectURI
  /// A loopback redirect URI on `localhost` instead of 127.0.0.1 (RFC 8252 §8.3).
  case loopbackHostName
  /// `git_hosts`: an item that is not a host name with an optional `:PORT` (no scheme, path or user).
  case notAGitHost
  /// A loopback redirect URI with a port (chosen per sign-in, RFC 8252 §7.3).
  case loopbackPort
  /// A redirect URI with another scheme than the app's (`[app] redirect_scheme`).
  case wrongRedirectScheme(expected: String)
  /// `redirect` and `redirect_uri` disagree: `redirect` says this mode.
  case contradictsRedirectMode(RedirectMode)
  /// The provider is set up for this redirect mode, which the request cannot use (a loopback sign-in
  /// without a bound listener, or a listener for a custom-scheme provider).
  case unusableRedirectMode(RedirectMode)
  /// The key is used only with `protocol = "…"` (this value).
  case onlyWithProtocol(String)
  /// The provider does not support this protocol.
  case unsupportedProtocol(String)
  /// The value (of an environment variable) is not a port number.
  case notAPort(String)
  /// The loopback redirect URI's path is not a URI path.
  case invalidRedirectPath
  /// Not a project or tenant id: letters, digits and `-` (a project id in lowercase).
  case notAnIdentifier
  /// Not `HOST:PORT` on 127.0.0.1, `localhost` or `[::1]` (an Auth emulator speaks plain http).
  case notALoopbackHost(String)
  /// Not an absolute directory (`/…` or `~/…`), or one with a wildcard.
  case notADirectory
  /// Another `[[accounts]]` table (this one, from 1) has the same directory.
  case repeatedDirectory(firstIndex: Int)
  /// An `[[accounts]]` table with both `directory` and `remote`, or neither.
  case directoryOrRemote
  /// Not `HOST[:PORT][/PATH]` (no scheme, user, query or wildcard).
  case notARemote
  /// Another `[[accounts]]` table (this one, from 1) has the same remote.
  case repeatedRemote(firstIndex: Int)
  /// An `[[accounts]]` rule's account is no signed-in user; `candidates` are the signed-in ones.
  case unknownAccount(candidates: [AccountCandidate])
}

/// TOML value types a key can require.
public enum ConfigurationValueType: String, Sendable {
  case table, string, boolean, stringArray
  /// An array of tables (`[[accounts]]`).
  case tableArray
}
