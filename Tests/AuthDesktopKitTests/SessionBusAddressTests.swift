import Foundation
import Testing

@testable import AuthDesktopKit

/// Calls that only ask never start a bus: only a known address counts.
@Suite struct SessionBusAddressTests {
  @Test func anAddressOrTheRuntimeBusIsKnown() throws {
    #expect(SessionBusAddress.isKnown(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]))
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    #expect(!SessionBusAddress.isKnown(["XDG_RUNTIME_DIR": runtime.path]))
    _ = FileManager.default.createFile(atPath: runtime.appendingPathComponent("bus").path, contents: nil)
    #expect(SessionBusAddress.isKnown(["XDG_RUNTIME_DIR": runtime.path]))
  }

  @Test func noAddressIsUnknown() {
    #expect(!SessionBusAddress.isKnown([:]))
    #expect(!SessionBusAddress.isKnown(["DBUS_SESSION_BUS_ADDRESS": "", "DISPLAY": ":0"]))
  }
}
