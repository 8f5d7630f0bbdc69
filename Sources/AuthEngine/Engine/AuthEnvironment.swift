import Foundation
import Logging

/// Everything OS-facing the engine uses, injected by the shell (real parts) or by tests (fakes).
public struct AuthEnvironment: Sendable {
  public var transport: any HTTPTransport
  public var secrets: any SecretStore
  public var pending: any PendingAuthorizationStore
  public var clock: any AuthClock
  public var random: any RandomSource
  public var logger: Logger
  /// How long a pending authorization (and its `state`) stays valid.
  public var pendingLifetime: TimeInterval
  /// Called at named points of multi-step operations (`"journaled"`, `"secrets-written"`, `"committed"`,
  /// `"synced"`: see `withSecrets`); tests use it to kill the process there and prove the store stays
  /// consistent. Nil in production.
  public var faultInjection: (@Sendable (String) -> Void)?

  public init(
    transport: any HTTPTransport, secrets: any SecretStore, pending: any PendingAuthorizationStore,
    clock: any AuthClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
    logger: Logger = Logger(label: "auth-desktop.engine"), pendingLifetime: TimeInterval = 600
  ) {
    self.transport = transport
    self.secrets = secrets
    self.pending = pending
    self.clock = clock
    self.random = random
    self.logger = logger
    self.pendingLifetime = pendingLifetime
  }
}
