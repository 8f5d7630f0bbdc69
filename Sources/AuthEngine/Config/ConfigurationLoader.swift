import Foundation
import TOMLKit

/// Reads `config.toml`. Every error names the file, the key and what is wrong; unknown keys are errors
/// (a typo must not silently fall back to a default).
public enum ConfigurationLoader {
  static let appKeys: Set<String> = ["redirect_scheme", "one_account_per_email", "secret_store"]
  /// Every key `readProvider` reads; a row accepts a subset (`ConfigurationKeys`).
  static let providerKeys: Set<String> = [
    "protocol", "client_id", "client_secret", "consumer_key", "consumer_secret", "issuer", "authorization_endpoint",
    "token_endpoint", "request_token_endpoint", "access_token_endpoint", "api_base_url", "redirect_uri", "scopes",
    "redirect", "device_authorization_endpoint", "git_hosts",
  ]

  /// Loads `paths.configFile`; nil when it does not exist and was not named explicitly.
  public static func load(
    _ paths: ConfigurationPaths, identity: AppIdentity, providers: ProviderTable = .builtIn,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> AuthConfiguration? {
    let file = paths.configFile.path
    guard FileManager.default.fileExists(atPath: file) else {
      if paths.configFileIsExplicit { throw failure(file, problem: .fileNotFound) }
      return nil
    }
    guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
    else { throw failure(file, problem: .notUTF8) }
    return try parse(text, source: file, identity: identity, providers: providers, environment: environment)
  }

  /// Reads `text` against the rows of `providers`: a `[providers."ID"]` table must name one of them.
  /// `environment` supplies what a table may leave to it (`$FIREBASE_AUTH_EMULATOR_HOST`).
  public static func parse(
    _ text: String, source: String = "config.toml", identity: AppIdentity, providers table: ProviderTable = .builtIn,
    environment: [String: String] = [:]
  ) throws -> AuthConfiguration {
    if let at = TOMLPreflight.firstAssertingShape(in: text) {
      throw failure(
        source, problem: .syntaxError(line: at.line, column: at.column),
        detail: "a table header or array value the TOML parser cannot read (TOMLPreflight)")
    }
    let root: TOMLTable
    do {
      root = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      let position = error.source.begin
      throw failure(
        source, problem: .syntaxError(line: Int(position.line), column: Int(position.column)),
        detail: error.description)
    }
    var configuration = AuthConfiguration(identity: identity)
    configuration.source = source
    configuration.providerTable = table
    let reader = TableReader(source: source, path: "")
    try reader.onlyKeys(["app", "providers", "firebase", "accounts"], in: root)
    if let app = try reader.table("app", in: root) {
      let appReader = TableReader(source: source, path: "[app]")
      try appReader.onlyKeys(appKeys, in: app)
      configuration.app = try readApp(app, identity: identity, reader: appReader)
    }
    if let firebase = try reader.table("firebase", in: root) {
      configuration.firebase = try readFirebase(
        firebase, reader: TableReader(source: source, path: "[firebase]"), environment: environment)
    }
    if let providers = try reader.table("providers", in: root) {
      for id in providers.keys {
        let section = "[providers.\"\(id)\"]"
        guard let provider = providers[id]?.table else {
          throw failure(source, table: section, problem: .wrongType(expected: .table))
        }
        guard table.contains(id) else {
          throw failure(source, table: section, problem: .unknownProvider(known: table.idTemplates))
        }
        configuration.providers[id] = try readProvider(
          id, provider, rows: table.rows(for: id), app: configuration.app,
          reader: TableReader(source: source, path: section))
      }
    }
    if let accounts = root["accounts"] {
      configuration.app.accountRules = try readAccountRules(
        accounts, source: source, providers: table, environment: environment)
    }
    return configuration
  }

  static func readApp(_ table: TOMLTable, identity: AppIdentity, reader: TableReader) throws -> AppSettings {
    var app = AppSettings(identity: identity)
    if let scheme = try reader.string("redirect_scheme", in: table) {
      guard isValidScheme(scheme) else {
        throw reader.error("redirect_scheme", .notAURIScheme)
      }
      app.redirectScheme = scheme.lowercased()
    }
    if let value = try reader.bool("one_account_per_email", in: table) { app.oneAccountPerEmail = value }
    if let value = try reader.string("secret_store", in: table) {
      guard let choice = SecretStoreChoice(rawValue: value) else {
        throw reader.error("secret_store", .notOneOf(allowed: ["secret-service", "file"]))
      }
      app.secretStore = choice
    }
    return app
  }

  static func readProvider(
    _ id: String, _ table: TOMLTable, rows: [ProviderDescriptor], app: AppSettings, reader: TableReader
  ) throws -> ProviderSettings {
    let row = try selectRow(rows, table, reader: reader)
    var settings = ProviderSettings(providerID: id, flow: row.flow)
    settings.clientID = try reader.string("client_id", in: table)
    settings.clientSecret = try reader.string("client_secret", in: table).map(ClientSecret.init)
    settings.consumerKey = try reader.string("consumer_key", in: table)
    settings.consumerSecret = try reader.string("consumer_secret", in: table).map(ConsumerSecret.init)
    for endpoint in ProviderEndpoint.allCases {
      settings.endpoints[endpoint] = try reader.endpoint(endpoint.configurationKey, in: table)
    }
    settings.redirectURI = try reader.redirectURI("redirect_uri", in: table)
    settings.scopes = try reader.strings("scopes", in: table)
    if let mode = try reader.string("redirect", in: table) {
      guard let parsed = RedirectMode(rawValue: mode) else {
        throw reader.error("redirect", .notOneOf(allowed: RedirectMode.allCases.map(\.rawValue)))
      }
      settings.redirect = parsed
    }
    settings.gitHosts = try GitHosts.read("git_hosts", in: table, reader: reader)
    for key in row.configurationKeys.required where table[key] == nil { throw reader.error(key, .required) }
    try checkRedirect(settings, app: app, reader: reader)
    return settings
  }

  /// The row of the flow the table selects: the only one, or the one `protocol` names (the first row when
  /// absent). Keys outside every row are unknown; keys only another flow accepts name that flow.
  static func selectRow(_ rows: [ProviderDescriptor], _ table: TOMLTable, reader: TableReader) throws
    -> ProviderDescriptor
  {
    guard rows.count > 1 else {
      try reader.onlyKeys(rows[0].configurationKeys.accepted, in: table)
      return rows[0]
    }
    try reader.onlyKeys(rows.reduce(["protocol"]) { $0.union($1.configurationKeys.accepted) }, in: table)
    let name = try reader.string("protocol", in: table) ?? rows[0].flow.rawValue
    guard let row = rows.first(where: { $0.flow.rawValue == name }) else {
      throw reader.error("protocol", .notOneOf(allowed: rows.map(\.flow.rawValue)))
    }
    let foreign = table.keys.sorted().first { $0 != "protocol" && !row.configurationKeys.accepted.contains($0) }
    if let key = foreign, let owner = rows.first(where: { $0.configurationKeys.accepted.contains(key) }) {
      throw reader.error(key, .onlyWithProtocol(owner.flow.rawValue))
    }
    return row
  }

  /// A redirect URI must be deliverable: the app's own scheme (the one its .desktop file registers), or a
  /// loopback URI on 127.0.0.1 / [::1] without a port (RFC 8252 §7.3: the port is chosen per request;
  /// §8.3: not `localhost`).
  static func checkRedirect(_ settings: ProviderSettings, app: AppSettings, reader: TableReader) throws {
    guard let uri = settings.redirectURI else { return }
    if uri.scheme?.lowercased() == "http" {
      guard uri.host == "127.0.0.1" || uri.host == "::1" || uri.host == "[::1]" else {
        throw reader.error("redirect_uri", .loopbackHostName)
      }
      guard uri.port == nil else {
        throw reader.error("redirect_uri", .loopbackPort)
      }
      if let mode = settings.redirect, mode != .loopback {
        throw reader.error("redirect", .contradictsRedirectMode(mode))
      }
    } else {
      guard uri.scheme?.lowercased() == app.redirectScheme else {
        throw reader.error("redirect_uri", .wrongRedirectScheme(expected: app.redirectScheme))
      }
      guard settings.redirect != .loopback else {
        throw reader.error("redirect_uri", .contradictsRedirectMode(.loopback))
      }
    }
  }

  /// RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; `http`/`https` are not private-use.
  static func isValidScheme(_ scheme: String) -> Bool {
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    let lower = scheme.lowercased()
    return lower != "http" && lower != "https"
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  static func failure(
    _ file: String, table: String? = nil, key: String? = nil, problem: ConfigurationProblem, detail: String? = nil
  ) -> AuthError {
    .configuration(ConfigurationIssue(file: file, table: table, key: key, problem: problem), detail: detail)
  }
}
