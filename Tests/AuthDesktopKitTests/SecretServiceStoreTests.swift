import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

/// `SecretServiceStore` against a real gnome-keyring on the session bus (see `KeyringEnvironment` for
/// how to run these). Each test uses its own namespace, so runs never see each other's items.
@Suite(.serialized, .enabled(if: !KeyringEnvironment.optedOut, Comment(rawValue: KeyringEnvironment.skipReason)))
struct SecretServiceStoreTests {
  let store = SecretServiceStore(schemaName: AppIdentity.tests.applicationID)
  let namespace = "test-\(UUID().uuidString.prefix(8).lowercased())"

  init() throws {
    TestEnvironment.prepare()
    try KeyringEnvironment.requireSessionBus()
  }

  @Test func storesLoadsListsAndDeletes() async throws {
    let first = SecretKey(namespace: namespace, id: "a1")
    let second = SecretKey(namespace: namespace, id: "b2")
    #expect(try await store.load(first) == nil)
    #expect(try await store.ids(in: namespace).isEmpty)

    try await store.store(StoredSecret("first secret ✓"), for: first, label: "AuthDesktop test (first)")
    try await store.store(StoredSecret("second"), for: second, label: "AuthDesktop test (second)")
    #expect(try await store.load(first)?.reveal() == "first secret ✓")
    #expect(try await store.ids(in: namespace) == ["a1", "b2"])

    // Storing again replaces the item instead of adding one.
    try await store.store(StoredSecret("replaced"), for: first, label: "AuthDesktop test (first)")
    #expect(try await store.load(first)?.reveal() == "replaced")
    #expect(try await store.ids(in: namespace) == ["a1", "b2"])

    try await store.delete(first)
    #expect(try await store.load(first) == nil)
    #expect(try await store.load(second)?.reveal() == "second")
    #expect(try await store.ids(in: namespace) == ["b2"])
    try await store.delete(first)  // deleting what is gone is not an error
    try await store.delete(second)
    #expect(try await store.ids(in: namespace).isEmpty)
  }

  @Test func itemsAreFindableWithSecretToolAndHoldOnlyIDs() async throws {
    let secret = "s3cr3t-\(UUID().uuidString)"
    try await store.store(
      StoredSecret(secret), for: SecretKey(namespace: namespace, id: "id-1"), label: "AuthDesktop test item")
    defer { Task { [store, namespace] in try? await store.delete(SecretKey(namespace: namespace, id: "id-1")) } }

    // secret-tool prints label and secret on stdout but the attributes on stderr, without xdg:schema.
    let output = try await Tool.run("secret-tool", ["search", "--all", "namespace", namespace]).output
    let shown = output.split(separator: "\n").compactMap { line -> (String, String)? in
      guard line.hasPrefix("attribute.") else { return nil }
      let parts = line.dropFirst("attribute.".count).split(separator: " = ", maxSplits: 1)
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
    #expect(output.contains("label = AuthDesktop test item"))
    #expect(Dictionary(uniqueKeysWithValues: shown) == ["namespace": namespace, "id": "id-1"])

    // All the attributes the keyring holds, read over D-Bus: the ids and libsecret's schema name.
    let keyring = try GnomeKeyringControl()
    let items = try keyring.searchItems(["namespace": namespace])
    #expect(items.count == 1)
    for item in items {
      let attributes = try keyring.attributes(of: item)
      #expect(attributes == ["namespace": namespace, "id": "id-1", "xdg:schema": "dev.authdesktop.AuthDesktop"])
      #expect(!attributes.values.contains { $0.contains(secret) })
    }
  }

  @Test func aLockedCollectionIsUnavailable() async throws {
    let keyring = try GnomeKeyringControl()
    let password = UUID().uuidString.replacingOccurrences(of: "-", with: "")
    let collection = try keyring.createCollection(label: "AuthDesktop test \(namespace)", password: password)
    defer {
      try? keyring.unlock(collection, password: password)
      try? keyring.delete(collection)
    }
    let store = SecretServiceStore(schemaName: AppIdentity.tests.applicationID, collection: collection)
    let key = SecretKey(namespace: namespace, id: "locked")
    try await store.store(StoredSecret("in a collection"), for: key, label: "AuthDesktop test (locked)")
    #expect(try await store.load(key)?.reveal() == "in a collection")

    try keyring.lock(collection)
    try await expectUnavailable(.locked) {
      try await store.store(StoredSecret("more"), for: SecretKey(namespace: namespace, id: "new"), label: "x")
    }
    try await expectUnavailable(.locked) { try await store.delete(key) }
    if KeyringEnvironment.promptsFailFast {  // otherwise gnome-keyring would show a real unlock prompt
      try await expectUnavailable(.locked) { _ = try await store.load(key) }
    }
    try await expectUnavailable(.locked) { _ = try await store.ids(in: namespace) }
    #expect(try GnomeKeyringControl().searchItems(["namespace": namespace]).count == 1)  // still there

    try keyring.unlock(collection, password: password)
    #expect(try await store.load(key)?.reveal() == "in a collection")
    try await store.delete(key)
  }
}

/// Runs when the test process has no session bus at all (`AUTH_DESKTOP_TEST_NO_KEYRING=1 swift test`
/// outside `dbus-run-session`), and checks that case for real.
@Suite struct SecretServiceWithoutBusTests {
  /// In a child process whose environment names no session bus and no display (GLib then cannot
  /// autolaunch one): every call is `auth/secret-store-unavailable`, not a crash or a hang.
  @Test func noSessionBusIsUnavailable() async {
    await #expect(processExitsWith: .success) {
      for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"] { unsetenv(name) }
      setenv("XDG_RUNTIME_DIR", "/nonexistent-auth-desktop-runtime", 1)
      do {
        _ = try await SecretServiceStore(schemaName: AppIdentity.tests.applicationID).load(
          SecretKey(namespace: "test", id: "x"))
        exit(1)
      } catch let error as AuthError where error.code == .secretStoreUnavailable {
        guard case .secretStore(.noSessionBus) = error.payload else { exit(2) }
        exit(0)
      } catch {
        exit(3)
      }
    }
  }
}

func expectUnavailable(
  _ problem: SecretStoreProblem, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async throws {
  let error = await #expect(throws: AuthError.self, sourceLocation: sourceLocation) { try await body() }
  #expect(error?.code == .secretStoreUnavailable, sourceLocation: sourceLocation)
  #expect(error?.code.rawValue == "auth/secret-store-unavailable", sourceLocation: sourceLocation)
  #expect(error?.origin == .storage, sourceLocation: sourceLocation)
  guard case .secretStore(let actual)? = error?.payload else {
    Issue.record("no secret-store payload: \(String(describing: error))", sourceLocation: sourceLocation)
    return
  }
  #expect(actual == problem, sourceLocation: sourceLocation)
}
