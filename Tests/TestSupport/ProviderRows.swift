import AuthEngine

/// Sample `[providers."ID"]` tables for any provider row, so tests can walk `ProviderTable.builtIn`.
public enum ProviderRows {
  /// A TOML value the loader accepts for each key a provider table can hold. A row that accepts a key
  /// missing here fails the tests that walk the rows until a sample is added.
  public static let sampleValues: [String: String] = [
    "client_id": #""sample-client""#, "client_secret": #""sample-secret""#,
    "consumer_key": #""sample-consumer""#, "consumer_secret": #""sample-consumer-secret""#,
    "issuer": #""https://issuer.example/realm""#,
    "authorization_endpoint": #""https://provider.example/authorize""#,
    "token_endpoint": #""https://provider.example/token""#,
    "request_token_endpoint": #""https://provider.example/request_token""#,
    "access_token_endpoint": #""https://provider.example/access_token""#,
    "device_authorization_endpoint": #""https://provider.example/device""#,
    "api_base_url": #""https://api.provider.example""#,
    "redirect_uri": "\"\(AppIdentity.tests.redirectScheme):/sample\"", "redirect": #""scheme""#,
    "scopes": #"["sample"]"#, "git_hosts": #"["git.provider.example"]"#,
  ]

  /// A provider id the row describes: its id, or `PREFIXsample` for a family (`oidc.sample`).
  public static func sampleID(_ row: ProviderDescriptor) -> String {
    switch row.id {
    case .exact(let id): id
    case .prefix(let prefix): prefix + "sample"
    }
  }

  /// `[providers."ID"]` holding `keys` with their sample values, plus `protocol` when the provider has
  /// several flows in `table`.
  public static func section(
    _ row: ProviderDescriptor, keys: some Sequence<String>, table: ProviderTable = .builtIn
  ) -> String {
    let id = sampleID(row)
    var lines = ["[providers.\"\(id)\"]"]
    if table.rows(for: id).count > 1 { lines.append("protocol = \"\(row.flow.rawValue)\"") }
    for key in keys.sorted() { lines.append("\(key) = \(sampleValues[key] ?? "\"no sample for \(key)\"")") }
    return lines.joined(separator: "\n") + "\n"
  }
}
