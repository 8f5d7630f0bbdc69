import Foundation
import GRDB
import Logging

/// What both account backends keep on this machine: rows in `auth.sqlite` and secrets in the
/// `SecretStore`, written so that a process killed at any point leaves the old state or the new one,
/// and no secret nobody can reach:
/// 1. journal the secrets about to be written (a small transaction, synced: commits are not synced one
///    by one (`synchronous = NORMAL`, see `AuthDatabase`), and a power cut must not roll back the row
///    of a secret that reached the store); what decides those secrets (a sign-in's user) may be read
///    in that same transaction (`withSecrets(prepare:…)`);
/// 2. write them to the secret store (each durable when its write returns);
/// 3. one transaction applies the change, clears those journal rows, and journals the secrets the
///    change made unreachable;
/// 4. delete those secrets and clear their rows — after `AuthDatabase.sync()` has made step 3 durable
///    (a power cut must not bring back a row whose secret is already gone), and after the deletions
///    are durable (`SecretStore.syncDeletions`: nor a secret whose row is gone).
/// After a crash, `recoverInterruptedOperations()` finishes steps 2 and 4 from the journal. A power cut
/// may roll back the unsynced commits after step 1 (the operation is lost, as a whole), never more.
struct AccountStorage: Sendable {
  let database: AuthDatabase
  let environment: AuthEnvironment

  var secrets: any SecretStore { environment.secrets }
  var logger: Logger { environment.logger }
  var now: Date { environment.clock.now() }
  /// The data dir's refresh locks (`RefreshLock`).
  var refreshLock: RefreshLock { RefreshLock(dataDirectory: database.directory) }

  func fault(_ point: String) { environment.faultInjection?(point) }

  func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await storage { try await database.read(body) }
  }

  func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await storage { try await database.write(body) }
  }

  /// `write` whose commit is durable when it returns (`AuthDatabase.writeDurably`).
  func writeDurably<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await storage { try await database.writeDurably(body) }
  }

  func storage<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await AuthDatabase.storageErrors(body)
  }

  /// Steps 1–4 for one operation: `secrets` are journaled, then `store` writes them, then `apply` runs
  /// in one transaction and returns its value and the secrets it made unreachable.
  func withSecrets<T: Sendable>(
    _ secrets: [JournaledSecret], store: @Sendable () async throws -> Void,
    apply: @Sendable @escaping (Database) throws -> (T, removed: [JournaledSecret])
  ) async throws -> T {
    let now = self.now
    let ids = secrets.isEmpty ? [] : try await writeDurably { db in try SecretJournal.add(db, secrets, at: now) }
    return try await finish(secrets, journal: ids, store: store, apply: apply)
  }

  /// Steps 1–4 when what the operation writes depends on the store: `prepare` reads it in the same
  /// synced transaction that journals the secrets it names (one transaction, where a read before the
  /// journal would be a second), then `store` writes them and `apply` commits as above. What `prepare`
  /// throws leaves nothing behind: its transaction rolls back and no secret was written.
  func withSecrets<Plan: Sendable, T: Sendable>(
    prepare: @Sendable @escaping (Database) throws -> (Plan, secrets: [JournaledSecret]),
    store: @Sendable (Plan) async throws -> Void,
    apply: @Sendable @escaping (Database, Plan) throws -> (T, removed: [JournaledSecret])
  ) async throws -> T {
    let now = self.now
    let (plan, secrets, ids) = try await writeDurably { db in
      let (plan, secrets) = try prepare(db)
      return (plan, secrets, try SecretJournal.add(db, secrets, at: now))
    }
    return try await finish(
      secrets, journal: ids, store: { try await store(plan) }, apply: { db in try apply(db, plan) })
  }

  /// Steps 2–4, once `secrets` are journaled under `ids`.
  private func finish<T: Sendable>(
    _ secrets: [JournaledSecret], journal ids: [Int64], store: @Sendable () async throws -> Void,
    apply: @Sendable @escaping (Database) throws -> (T, removed: [JournaledSecret])
  ) async throws -> T {
    let now = self.now
    if !secrets.isEmpty { fault("journaled") }
    let outcome: (T, [JournaledSecret], [Int64])
    do {
      try await store()
      fault("secrets-written")
      outcome = try await write { db in
        let (value, removed) = try apply(db)
        try SecretJournal.clear(db, ids)
        return (value, removed, try SecretJournal.add(db, removed, at: now))
      }
    } catch {
      await rollBack(secrets, journal: ids)
      throw error
    }
    fault("committed")
    if !outcome.1.isEmpty { await removeDurably(outcome.1, journal: outcome.2) }
    return outcome.0
  }

  /// `remove`, once the commit that made the secrets unreachable is durable. When the store cannot
  /// sync, they stay journaled and a later recovery deletes them.
  func removeDurably(_ secrets: [JournaledSecret], journal ids: [Int64]) async {
    do {
      try await database.sync()
    } catch {
      logger.notice("the store could not sync; unreachable secrets stay journaled")
      return
    }
    fault("synced")
    await remove(secrets, journal: ids)
  }

  /// Deletes secrets no row references any more, and their journal rows once the deletions are durable
  /// (were the clear durable and a deletion not, a power cut would bring back a secret nothing names).
  func remove(_ secrets: [JournaledSecret], journal ids: [Int64]) async {
    var done: [Int64] = []
    var namespaces: Set<String> = []
    for (secret, id) in zip(secrets, ids) {
      do {
        try await environment.secrets.delete(secret.key)
        done.append(id)
        namespaces.insert(secret.key.namespace)
      } catch {
        logger.notice("a secret could not be deleted yet; it stays journaled")
      }
    }
    do {
      try await environment.secrets.syncDeletions(in: namespaces)
    } catch {
      logger.notice("the secret store could not sync its deletions; they stay journaled")
      return
    }
    let cleared = done
    _ = try? await write { db in try SecretJournal.clear(db, cleared) }
  }

  /// After a failed step 2 or 3: the secrets written for the operation go, unless a row references
  /// them (a credential replaced for an identity that stays linked).
  func rollBack(_ secrets: [JournaledSecret], journal ids: [Int64]) async {
    var orphans: [JournaledSecret] = []
    for secret in secrets {
      let referenced =
        (try? await read { db in try JournaledSecret.isReferenced(db, encoded: secret.encodedReference) })
      if referenced == false { orphans.append(secret) }
    }
    for secret in orphans { try? await environment.secrets.delete(secret.key) }
    guard (try? await environment.secrets.syncDeletions(in: Set(orphans.map(\.key.namespace)))) != nil else { return }
    _ = try? await write { db in try SecretJournal.clear(db, ids) }
  }

  /// Finishes what interrupted operations left: first the credential moves a migration queued
  /// (`CredentialMoves`) and the secret store's unfinished writes of processes that are gone
  /// (`removeAbandonedWrites`), then every journal row of a process that is gone (or an hour old) has
  /// its secret deleted unless a row references it. Returns how many secrets it deleted.
  func recoverInterruptedOperations() async throws -> Int {
    try await CredentialMoves.finish(self)
    // File times are the system's: compared with its clock. A writer without a process id (an earlier
    // version's temporary file) counts as gone after an hour.
    let wallClock = Date()
    try? await secrets.removeAbandonedWrites { pid, modified in
      SecretJournal.isAbandoned(pid: pid ?? SecretJournal.processID, createdAt: modified, now: wallClock)
    }
    let now = self.now
    let rows = try await read { db in
      try Row.fetchAll(db, sql: "SELECT id, namespace, secretID, reference, pid, createdAt FROM secretJournal")
        .map { row -> (Int64, SecretKey, String, Int64, Date) in
          (
            row["id"], SecretKey(namespace: row["namespace"], id: row["secretID"]), row["reference"], row["pid"],
            row["createdAt"]
          )
        }
    }
    let abandoned = rows.filter { SecretJournal.isAbandoned(pid: $0.3, createdAt: $0.4, now: now) }
    guard !abandoned.isEmpty else { return 0 }
    try await storage { try await database.sync() }  // what unreferenced them must outlive a power cut
    var deleted = 0
    for (id, key, reference, _, _) in abandoned {
      if try await !read({ db in try JournaledSecret.isReferenced(db, encoded: reference) }) {
        try await environment.secrets.delete(key)
        try await environment.secrets.syncDeletions(in: [key.namespace])
        deleted += 1
      }
      try await write { db in try SecretJournal.clear(db, [id]) }
    }
    if deleted > 0 { logger.notice("removed secrets of interrupted operations", metadata: ["count": "\(deleted)"]) }
    return deleted
  }
}
