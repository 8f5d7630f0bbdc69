import Foundation

/// The keys a `[providers."ID"]` table may hold for one flow of a provider, and those it must hold.
///
/// A provider with several flows (several `ProviderDescriptor` rows) also accepts `protocol`, which picks
/// the flow (the provider's first row when absent); a key that only another flow accepts is then an error
/// naming that flow, so a credential never silently goes unused.
public struct ConfigurationKeys: Sendable, Equatable {
  public var accepted: Set<String>
  /// Checked in this order once the table is read; the first one missing is reported.
  public var required: [String]

  public init(accepted: Set<String>, required: [String]) {
    self.accepted = accepted
    self.required = required
  }
}
