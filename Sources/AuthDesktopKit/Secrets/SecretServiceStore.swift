import AuthEngine
import Dispatch
import Foundation

/// `SecretStore` over the desktop keyring: the freedesktop.org Secret Service API through libsecret
/// (gnome-keyring, KWallet, KeePassXC…).
///
/// Items use a schema named after the app id (`dev.authdesktop.AuthDesktop`) with two attributes,
/// `namespace` and `id`: the
/// Secret Service does not protect attributes, so they hold only the `SecretKey`'s non-secret ids.
/// The `label` is what Seahorse and similar tools show. Secrets are stored as `text/plain`.
///
/// libsecret's calls block until D-Bus (and any unlock prompt) answers, so they run one at a time on
/// a private serial queue, never on the caller's thread or a GLib main loop. Every failure — no session
/// bus, no provider, a locked collection, a dismissed prompt — throws
/// `AuthError(.secretStoreUnavailable, origin: .storage)` with its `SecretStoreProblem`; nothing here logs.
public final class SecretServiceStore: SecretStore {
  /// Where new items go: a collection alias (`default`, `session`) or D-Bus object path; nil is the
  /// default collection (usually `login`).
  public let collection: String?
  private let libsecret: LibSecret

  private static let queue = DispatchQueue(label: "dev.authdesktop.secret-service")

  /// `schemaName` is the app's id (`AppIdentity.applicationID`): libsecret finds only that app's items.
  public init(schemaName: String, collection: String? = nil) {
    self.collection = collection
    libsecret = LibSecret(schema: LibSecret.Schema(name: schemaName))
  }

  public func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws {
    try await run { [libsecret, collection] () throws(AuthError) in
      let stored = try call { () throws(GLibError) in
        try libsecret.store(secret.reveal(), key: key, label: label, collection: collection)
      }
      if !stored { throw SecretServiceError.unavailable(.notStored) }
    }
  }

  public func load(_ key: SecretKey) async throws -> StoredSecret? {
    try await run { [libsecret] () throws(AuthError) in
      switch try call({ () throws(GLibError) in try libsecret.lookup(key) }) {
      case .text(let text): return StoredSecret(text)
      case .notText: throw AuthError(.storageFailure, origin: .storage, detail: "the keyring item is not text")
      case .missing:
        // A locked item also reads as missing; say so instead of reporting "no secret".
        let items = try call { () throws(GLibError) in try libsecret.items(namespace: key.namespace, id: key.id) }
        if items.contains(where: \.isLocked) { throw SecretServiceError.locked }
        return nil
      }
    }
  }

  public func delete(_ key: SecretKey) async throws {
    try await run { [libsecret] () throws(AuthError) in
      guard try call({ () throws(GLibError) in try libsecret.delete(key) }) else { throw SecretServiceError.locked }
    }
  }

  /// The ids in `namespace`. Attributes stay readable while a collection is locked, but such ids could
  /// be neither loaded nor deleted, so a locked item makes this throw as the `SecretStore` contract says.
  public func ids(in namespace: String) async throws -> [String] {
    try await run { [libsecret] () throws(AuthError) in
      let items = try call { () throws(GLibError) in try libsecret.items(namespace: namespace) }
      if items.contains(where: \.isLocked) { throw SecretServiceError.locked }
      return Set(items.compactMap(\.id)).sorted()
    }
  }

  /// Runs `body` on the queue and resumes the caller with its result.
  private func run<Value: Sendable>(_ body: @escaping @Sendable () throws(AuthError) -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Self.queue.async { continuation.resume(with: Result(catching: body)) }
    }
  }
}

/// Runs one libsecret call, mapping its `GError` to `auth/secret-store-unavailable`.
private func call<Value>(_ body: () throws(GLibError) -> Value) throws(AuthError) -> Value {
  do { return try body() } catch { throw SecretServiceError.map(error) }
}
