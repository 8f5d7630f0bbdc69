import AuthDesktopApp
import AuthDesktopKit
import CGio
import Foundation

/// The command line's side of the service (docs/architecture.md, "One owner of tokens"): `token`,
/// `id-token` and `git-credential get` ask it first, and do the work themselves, under the store's
/// lock, when it is not asked or has no answer.
///
/// It is asked only when it can answer soon: a session bus is known, a display is (the service lives in
/// the window's process, which does not start without one: over SSH the bus would try it on every call),
/// and the bus can start it (its service file is where the bus looks: `install` writes it). A service
/// that is not running is not waited for: the bus is asked to start it (`StartServiceByName`, no reply
/// awaited) and the command does the work itself, so only the calls after it are answered by the
/// service. The call waits `timeoutMilliseconds` at most, so a wedged service delays a command by that
/// much and no more.
public enum OwnCommandCall {
  public static let timeoutMilliseconds: Int32 = 2_000

  /// The provider credential for `request` (`GetAccessToken`); nil when not asked, or not answered.
  public static func accessToken(
    _ request: OwnCommandRequest, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ProviderTokenAnswer? {
    guard let (text, _) = call("GetAccessToken", request, environment: environment) else { return nil }
    return try? JSONDecoder().decode(ProviderTokenAnswer.self, from: Data(text.utf8))
  }

  /// The ID token for `request` (`GetIdToken`); nil when not asked, or not answered.
  public static func idToken(
    _ request: OwnCommandRequest, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    call("GetIdToken", request, environment: environment)?.token
  }

  /// Whether the service is asked: a session bus, a display, and a service file the bus reads
  /// (`$XDG_DATA_HOME/dbus-1/services`, then each of `$XDG_DATA_DIRS`).
  public static func isAsked(environment: [String: String]) -> Bool {
    guard SessionBusCall.busIsKnown(environment), DisplayEnvironment.hasDisplay(environment) else { return false }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    return ([dataHome] + dataDirs).contains {
      FileManager.default.fileExists(atPath: "\($0)/dbus-1/services/\(AccountsBus.busName).service")
    }
  }

  /// One call, blocking: the command has nothing else to do meanwhile.
  private static func call(_ method: String, _ request: OwnCommandRequest, environment: [String: String]) -> (
    token: String, expires: Int64
  )? {
    guard isAsked(environment: environment),
      let connection = try? withGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) })
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    let reply: OpaquePointer?
    do {
      reply = try withGError {
        g_dbus_connection_call_sync(
          connection, AccountsBus.busName, AccountsBus.objectPath, AccountsBus.accountsInterface, method,
          BusValue.tuple(request.arguments), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, $0)
      }
    } catch {
      if error.isNameWithoutOwner { startService(on: connection) }
      return nil
    }
    guard let reply else { return nil }
    defer { g_variant_unref(reply) }
    let values = BusValue.arguments(of: reply)
    guard values.count == 2, case .string(let token) = values[0], case .int64(let expires) = values[1] else {
      return nil
    }
    return (token, expires)
  }

  /// Asks the bus to start the service, without waiting (GDBus expects no reply to a call without a
  /// callback); the message is written before the command goes on.
  private static func startService(on connection: OpaquePointer) {
    var arguments: [OpaquePointer?] = [g_variant_new_string(AccountsBus.busName), g_variant_new_uint32(0)]
    g_dbus_connection_call(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "StartServiceByName",
      g_variant_new_tuple(&arguments, 2), nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil)
    g_dbus_connection_flush_sync(connection, nil, nil)
  }
}
