import Foundation

/// A provider's endpoint URLs, one per `ProviderEndpoint`: a row's defaults
/// (`ProviderDescriptor.endpoints`), a `[providers."ID"]` table's overrides (`ProviderSettings.endpoints`),
/// and the two merged, which a sign-in uses. As golang/oauth2's `Endpoint`, the one shape all three share.
public struct ProviderEndpoints: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  private var urls: [ProviderEndpoint: URL]

  public init(_ urls: [ProviderEndpoint: URL] = [:]) { self.urls = urls }

  public init(dictionaryLiteral elements: (ProviderEndpoint, URL)...) {
    self.init(Dictionary(elements) { $1 })
  }

  public subscript(endpoint: ProviderEndpoint) -> URL? {
    get { urls[endpoint] }
    set { urls[endpoint] = newValue }
  }

  /// These, with each endpoint `overrides` names in place of this one's.
  public func overridden(by overrides: ProviderEndpoints) -> ProviderEndpoints {
    ProviderEndpoints(urls.merging(overrides.urls) { $1 })
  }
}
