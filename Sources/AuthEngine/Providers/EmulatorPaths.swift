import Foundation

/// Where the provider emulator (`auth-desktop emulator`, docs/emulator.md) serves a provider row's
/// endpoints, relative to its base URL (`http://127.0.0.1:9399`), without a leading slash. The emulator
/// routes these paths, and pointing a configuration at it fills them in.
public struct EmulatorPaths: Sendable, Equatable {
  /// The emulated provider, and the first segment of each of its paths: `github`, `twitter`, `oidc`.
  public var mount: String
  /// The endpoints the emulator serves for the row. An OpenID Connect row names only the issuer: the
  /// rest, the device authorization endpoint (RFC 8628 §3.1) included, comes from discovery.
  public var endpoints: [ProviderEndpoint: String]

  public init(mount: String, endpoints: [ProviderEndpoint: String]) {
    self.mount = mount
    self.endpoints = endpoints
  }

  /// `endpoints` in `ProviderEndpoint.allCases` order.
  public var ordered: [(endpoint: ProviderEndpoint, path: String)] {
    ProviderEndpoint.allCases.compactMap { endpoint in endpoints[endpoint].map { (endpoint, $0) } }
  }

  /// `/PATH` of `endpoint`, as the emulator routes it; nil when the row has no such endpoint.
  public func route(_ endpoint: ProviderEndpoint) -> String? { endpoints[endpoint].map { "/" + $0 } }

  /// `endpoint` under `base` (`http://127.0.0.1:9399` → `http://127.0.0.1:9399/github/api`).
  public func url(_ endpoint: ProviderEndpoint, base: URL) -> URL? {
    guard let path = endpoints[endpoint] else { return nil }
    let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
    return URL(string: "\(root)/\(path)")
  }
}
