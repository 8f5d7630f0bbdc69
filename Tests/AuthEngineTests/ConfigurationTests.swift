import AuthEngine
import Foundation
import TestSupport
import Testing

/// `config.toml`: every documented key, and errors that name the file, the key and the problem.
@Suite struct ConfigurationTests {
  @Test func everyDocumentedKeyParses() throws {
    let text = """
      [app]
      redirect_scheme = "com.example.desktop"
      one_account_per_email = false
      secret_store = "file"

      [providers."github.com"]
      client_id = "Iv1.abc"
      client_secret = "gh-secret"
      authorization_endpoint = "https://github.example.com/login/oauth/authorize"
      token_endpoint = "https://github.example.com/login/oauth/access_token"
      api_base_url = "https://github.example.com/api/v3"
      redirect_uri = "http://127.0.0.1/callback"
      redirect = "loopback"
      scopes = ["read:user", "user:email", "repo"]

      [providers."twitter.com"]
      protocol = "oauth1"
      consumer_key = "ck"
      consumer_secret = "cs"
      request_token_endpoint = "https://api.x.example/oauth/request_token"
      authorization_endpoint = "https://api.x.example/oauth/authorize"
      access_token_endpoint = "https://api.x.example/oauth/access_token"
      api_base_url = "https://api.x.example"
      redirect_uri = "com.example.desktop://callback"
      redirect = "scheme"

      [providers."oidc.corp"]
      issuer = "https://login.corp.example"
      client_id = "desktop"
      client_secret = "s"
      scopes = ["groups"]
      redirect_uri = "com.example.desktop:/oidc"
      redirect = "scheme"
      """
    let configuration = try ConfigurationLoader.parse(text, source: "/etc/x/config.toml")
    #expect(configuration.app.redirectScheme == "com.example.desktop")
    #expect(configuration.app.oneAccountPerEmail == false)
    #expect(configuration.app.secretStore == .file)
    #expect(configuration.providerIDs == ["github.com", "twitter.com", "oidc.corp"])
    let github = try #require(configuration.providers["github.com"])
    #expect(github.redirectMode == .loopback)
    #expect(github.scopes == ["read:user", "user:email", "repo"])
    #expect(github.endpoints[.apiBase]?.absoluteString == "https://github.example.com/api/v3")
    #expect("\(github.clientSecret!)" == "[redacted]")
    #expect(configuration.providers["twitter.com"]?.flow == .oauth1)
    #expect(configuration.providers["twitter.com"]?.redirect == .scheme)
    #expect(configuration.providers["oidc.corp"]?.redirect == .scheme)
    #expect(configuration.providers["oidc.corp"]?.flow == .oidc)
  }

  @Test func defaults() throws {
    let configuration = try ConfigurationLoader.parse("[providers.\"github.com\"]\nclient_id = \"x\"\n")
    #expect(configuration.app.redirectScheme == AppIdentity.tests.redirectScheme)
    #expect(configuration.app.oneAccountPerEmail)
    #expect(configuration.app.secretStore == .secretService)
    #expect(configuration.providers["github.com"]?.redirectMode == .scheme)
  }

  @Test func twitterOAuth2NeedsAClientID() throws {
    let text =
      "[providers.\"twitter.com\"]\nprotocol = \"oauth2\"\nclient_id = \"c\"\ntoken_endpoint = \"https://api.twitter.com/2/oauth2/token\"\n"
    #expect(try ConfigurationLoader.parse(text).providers["twitter.com"]?.flow == .oauth2)
  }

  static let builtInIDs = ["github.com", "twitter.com", "oidc.NAME"]
  static let github = ConfigurationIssue.providerTable("github.com")
  static let twitter = ConfigurationIssue.providerTable("twitter.com")

  @Test(
    arguments: [
      ("[app]\nredirect_scheme = 3\n", "[app]", "redirect_scheme", .wrongType(expected: .string)),
      (
        "[app]\nsecret_store = \"plaintext\"\n", "[app]", "secret_store",
        .notOneOf(allowed: ["secret-service", "file"])
      ),
      ("[app]\nredirect_sheme = \"x\"\n", "[app]", "redirect_sheme", .unknownKey(allowed: [])),
      ("[app]\nredirect_scheme = \"https\"\n", "[app]", "redirect_scheme", .notAURIScheme),
      ("[providers.\"github.com\"]\nclient_secret = \"s\"\n", github, "client_id", .required),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nissuer = \"https://x\"\n", github, "issuer",
        .unknownKey(allowed: [])
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nscopes = \"repo\"\n", github, "scopes",
        .wrongType(expected: .stringArray)
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect = \"magic\"\n", github, "redirect",
        .notOneOf(allowed: ["scheme", "loopback", "device"])
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect_uri = \"https://example.com/cb\"\n", github,
        "redirect_uri",
        .notARedirectURI
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect = \"loopback\"\nredirect_uri = \"dev.authdesktop.authdesktop:/cb\"\n",
        github, "redirect_uri", .contradictsRedirectMode(.loopback)
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect_uri = \"other.app:/cb\"\n", github, "redirect_uri",
        .wrongRedirectScheme(expected: AppIdentity.tests.redirectScheme)
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect_uri = \"http://localhost/cb\"\n", github,
        "redirect_uri",
        .loopbackHostName
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect_uri = \"http://127.0.0.1:8000/cb\"\n", github,
        "redirect_uri", .loopbackPort
      ),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect = \"scheme\"\nredirect_uri = \"http://127.0.0.1/cb\"\n",
        github, "redirect", .contradictsRedirectMode(.scheme)
      ),
      (
        "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\nclient_id = \"c\"\n", twitter,
        "client_id", .onlyWithProtocol("oauth2")
      ),
      (
        "[providers.\"twitter.com\"]\nprotocol = \"oauth2\"\nclient_id = \"c\"\nconsumer_key = \"k\"\n", twitter,
        "consumer_key", .onlyWithProtocol("oauth1")
      ),
      ("[providers.\"twitter.com\"]\nconsumer_key = \"k\"\n", twitter, "consumer_secret", .required),
      (
        "[providers.\"github.com\"]\nclient_id = \"c\"\nredirect = \"device\"\nredirect_uri = \"http://127.0.0.1/cb\"\n",
        github, "redirect", .contradictsRedirectMode(.device)
      ),
      (
        "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\ndevice_authorization_endpoint = \"https://x.example/d\"\n",
        twitter, "device_authorization_endpoint", .unknownKey(allowed: [])
      ),
      (
        "[providers.\"twitter.com\"]\nprotocol = \"oauth3\"\n", twitter, "protocol",
        .notOneOf(allowed: ["oauth1", "oauth2"])
      ),
      ("[providers.\"oidc.corp\"]\nclient_id = \"c\"\n", "[providers.\"oidc.corp\"]", "issuer", .required),
      (
        "[providers.\"facebook.com\"]\nclient_id = \"c\"\n", "[providers.\"facebook.com\"]", nil,
        .unknownProvider(known: Self.builtInIDs)
      ),
      (
        "[providers.\"oidc.\"]\nclient_id = \"c\"\n", "[providers.\"oidc.\"]", nil,
        .unknownProvider(known: Self.builtInIDs)
      ),
      ("[providers]\ngithub = 1\n", "[providers.\"github\"]", nil, .wrongType(expected: .table)),
      ("[app\nx = 1\n", nil, nil, .syntaxError(line: 1, column: 0)),
    ] as [(String, String?, String?, ConfigurationProblem)])
  func brokenConfigurationNamesFileKeyAndProblem(
    text: String, table: String?, key: String?, problem: ConfigurationProblem
  ) {
    let file = "/home/u/.config/auth-desktop/config.toml"
    do {
      _ = try ConfigurationLoader.parse(text, source: file)
      Issue.record("accepted a broken configuration")
    } catch let error as AuthError {
      #expect(error.code == .invalidConfiguration)
      let issue = error.configurationIssue
      #expect(issue?.file == file)
      #expect(issue?.table == table, "\(String(describing: issue))")
      #expect(issue?.key == key, "\(String(describing: issue))")
      #expect(issue.map { Self.shape($0.problem) } == problem, "\(String(describing: issue))")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// `problem` without the parts the table above does not pin: the list of allowed keys (it grows
  /// with the providers) and the parser's column.
  static func shape(_ problem: ConfigurationProblem) -> ConfigurationProblem {
    switch problem {
    case .unknownKey: .unknownKey(allowed: [])
    case .syntaxError(let line, _): .syntaxError(line: line, column: 0)
    default: problem
    }
  }

  @Test func unknownKeyListsTheAllowedOnes() async {
    let error = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse("[app]\nredirect_sheme = \"x\"\n")
    }
    #expect(
      error?.configurationIssue?.problem
        == .unknownKey(allowed: ["one_account_per_email", "redirect_scheme", "secret_store"]))
  }

  @Test(arguments: [
    ("http://github.example.com/login", AuthErrorCode.insecureEndpoint, ConfigurationProblem.insecureURL),
    ("ftp://x/y", .insecureEndpoint, .insecureURL), ("file:///etc/passwd", .invalidConfiguration, .notAbsoluteURL),
  ])
  func insecureEndpointsAreRefused(endpoint: String, code: AuthErrorCode, problem: ConfigurationProblem) {
    let text = "[providers.\"github.com\"]\nclient_id = \"c\"\ntoken_endpoint = \"\(endpoint)\"\n"
    let error = #expect(throws: AuthError.self) { try ConfigurationLoader.parse(text) }
    #expect(error?.code == code)
    #expect(
      error?.configurationIssue
        == ConfigurationIssue(file: "config.toml", table: Self.github, key: "token_endpoint", problem: problem))
  }

  @Test(arguments: [
    "http://127.0.0.1:8080/token", "http://localhost/token", "http://[::1]:9/token", "https://github.com/x",
  ])
  func loopbackHTTPAndHTTPSAreAllowed(endpoint: String) throws {
    let text = "[providers.\"github.com\"]\nclient_id = \"c\"\ntoken_endpoint = \"\(endpoint)\"\n"
    #expect(try ConfigurationLoader.parse(text).providers["github.com"]?.endpoints[.token]?.absoluteString == endpoint)
  }

  @Test func pathsFollowFlagsThenEnvironmentThenXDG() {
    let env = ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"]
    let xdg = ConfigurationPaths(environment: env)
    #expect(xdg.configFile.path == "/cfg/auth-desktop/config.toml")
    #expect(xdg.dataDirectory.path == "/data/auth-desktop")
    #expect(!xdg.configFileIsExplicit)
    let fallback = ConfigurationPaths(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"])
    #expect(fallback.configFile.path == "/home/u/.config/auth-desktop/config.toml")
    #expect(fallback.dataDirectory.path == "/home/u/.local/share/auth-desktop")
    let fromEnv = ConfigurationPaths(
      environment: env.merging(["AUTH_DESKTOP_CONFIG": "/e.toml", "AUTH_DESKTOP_DATA_DIR": "/e"]) { $1 })
    #expect(fromEnv.configFile.path == "/e.toml" && fromEnv.configFileIsExplicit)
    #expect(fromEnv.dataDirectory.path == "/e")
    let flags = ConfigurationPaths(
      configFlag: "/f.toml", dataDirFlag: "/f", environment: env.merging(["AUTH_DESKTOP_CONFIG": "/e.toml"]) { $1 })
    #expect(flags.configFile.path == "/f.toml" && flags.dataDirectory.path == "/f")
  }

  @Test func missingExplicitFileIsAnErrorMissingDefaultIsNot() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    #expect(try ConfigurationLoader.load(ConfigurationPaths(environment: ["HOME": dir])) == nil)
    let error = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.load(ConfigurationPaths(configFlag: dir + "/nope.toml", environment: [:]))
    }
    #expect(error?.configurationIssue?.problem == .fileNotFound)
  }
}
