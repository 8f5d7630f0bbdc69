import Foundation

/// One row of the provider table, as golang/oauth2's `endpoints` keeps them: everything the engine, the
/// configuration loader, the window and the emulator know about one flow of one provider. A provider
/// with two flows (X: OAuth 1.0a and OAuth 2.0) has two rows; its first is the default. Configuration
/// overrides any endpoint (GitHub Enterprise, an emulator, tests); OIDC endpoints come from discovery.
///
/// Adding a provider means one row in `ProviderTable.builtIn` plus, when its profile is read in a new
/// way, one `ProfileSource` case and its `ProfileParser`.
public struct ProviderDescriptor: Sendable {
  /// The provider id, or the family of ids (`oidc.NAME`), this row describes.
  public var id: ProviderIDPattern
  /// What the user reads ("GitHub"). A family's members are named by their own name (`displayName(for:)`).
  public var displayName: String
  public var flow: ProviderProtocol
  /// Display order: lower first; providers of equal order sort by id.
  public var order: Int
  /// The `[providers."ID"]` keys of this flow.
  public var configurationKeys: ConfigurationKeys
  /// The provider's endpoints; an OpenID Connect row has none (discovery gives them). Without
  /// `.deviceAuthorization` (RFC 8628 §3.1; OpenID Connect providers publish theirs in discovery, RFC 8628
  /// §4) the row has no device grant (`Auth.startDeviceSignIn` gives `auth/operation-not-allowed`).
  public var endpoints: ProviderEndpoints
  public var defaultScopes: [String]
  public var profile: ProfileSource
  /// Used when the client has a secret; public clients send only `client_id`.
  public var clientAuthentication: ClientAuthentication
  /// GitHub answers form-encoded unless asked for JSON, and reports some token errors with HTTP 200.
  public var tokenErrorsMayUseStatus200: Bool
  /// Where the provider emulator serves this flow; nil when it does not.
  public var emulator: EmulatorPaths?

  public init(
    id: ProviderIDPattern, displayName: String, flow: ProviderProtocol, order: Int,
    configurationKeys: ConfigurationKeys, endpoints: ProviderEndpoints = [:], defaultScopes: [String],
    profile: ProfileSource, clientAuthentication: ClientAuthentication,
    tokenErrorsMayUseStatus200: Bool = false, emulator: EmulatorPaths? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.flow = flow
    self.order = order
    self.configurationKeys = configurationKeys
    self.endpoints = endpoints
    self.defaultScopes = defaultScopes
    self.profile = profile
    self.clientAuthentication = clientAuthentication
    self.tokenErrorsMayUseStatus200 = tokenErrorsMayUseStatus200
    self.emulator = emulator
  }

  /// Whether the flow has scopes to ask for. OAuth 1.0a (X's classic sign-in) has none (RFC 5849): an
  /// app asking for scopes of it is refused (`Accounts1.RequestAccount`, docs/dbus-interface.md), since
  /// no sign-in could ever grant them.
  public var hasScopes: Bool { flow != .oauth1 }

  /// The name the user reads for `providerID`, one of this row's ids: the row's name, or for a family
  /// the member's own name (`Work` for `oidc.Work`).
  public func displayName(for providerID: String) -> String {
    switch id {
    case .exact: displayName
    case .prefix: id.name(of: providerID)
    }
  }
}
