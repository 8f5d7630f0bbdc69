import Foundation

/// Persistence of pending authorizations, so a redirect that starts a fresh process can complete.
public protocol PendingAuthorizationStore: Sendable {
  func insert(_ record: PendingAuthorizationRecord) async throws
  func all() async throws -> [PendingAuthorizationRecord]
  /// Removes and returns the record, atomically: of two concurrent callers only one gets it
  /// (single use). Nil when it is already gone.
  func take(id: String) async throws -> PendingAuthorizationRecord?
  /// Removes and returns the record `pick` chooses among all of them (or none, nil), atomically as
  /// `take(id:)`; what `pick` throws is rethrown with nothing removed.
  func take(
    picking pick: @escaping @Sendable ([PendingAuthorizationRecord]) throws -> String?
  ) async throws -> PendingAuthorizationRecord?
}

extension PendingAuthorizationStore {
  /// `all()`, then `take(id:)`: a store that can do both at once (`SQLitePendingAuthorizationStore`,
  /// one transaction) implements it itself.
  public func take(
    picking pick: @escaping @Sendable ([PendingAuthorizationRecord]) throws -> String?
  ) async throws -> PendingAuthorizationRecord? {
    guard let id = try pick(try await all()) else { return nil }
    return try await take(id: id)
  }
}

public actor InMemoryPendingAuthorizationStore: PendingAuthorizationStore {
  private var records: [String: PendingAuthorizationRecord] = [:]

  public init() {}

  public func insert(_ record: PendingAuthorizationRecord) { records[record.id] = record }
  public func all() -> [PendingAuthorizationRecord] { records.values.sorted { $0.createdAt < $1.createdAt } }
  public func take(id: String) -> PendingAuthorizationRecord? { records.removeValue(forKey: id) }
}
