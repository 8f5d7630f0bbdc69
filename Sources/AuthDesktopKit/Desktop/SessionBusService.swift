import AuthEngine
import CGio
import Foundation

/// A one-method service on the session bus: it owns `name` and answers `interface.method(s) → (s)` at
/// `objectPath` with what its handler returns, or with the D-Bus error `interface.NotServed` when the
/// handler returns nil. The bus connection, the object and the name live on a thread of their own
/// (`GLibMainContextThread`); the handler runs as a Swift task per call, so calls may overlap.
///
/// The connection is GLib's shared one, which ends the process when the bus goes away (a session
/// ending): a service activated by the bus lives no longer than the bus.
public final class SessionBusService: Sendable {
  public typealias Handler = @Sendable (String) async -> String?

  private let thread: GLibMainContextThread
  /// Ends when the name is lost to another process (or could not be had).
  public let nameLost: AsyncStream<Void>

  private init(thread: GLibMainContextThread, nameLost: AsyncStream<Void>) {
    self.thread = thread
    self.nameLost = nameLost
  }

  /// Registers the object, then asks for the name (a call that activated this process waits for it).
  /// Throws `auth/session-bus-unavailable` without a bus.
  public static func start(
    name: String, objectPath: String, interface: String, method: String, handler: @escaping Handler
  ) async throws -> SessionBusService {
    let (lost, lostContinuation) = AsyncStream<Void>.makeStream()
    let xml = """
      <node><interface name="\(interface)"><method name="\(method)">\
      <arg type="s" direction="in"/><arg type="s" direction="out"/></method></interface></node>
      """
    let (thread, _) = try await GLibMainContextThread.start(name: "auth-desktop.bus-service") {
      () throws -> ((), tearDown: () -> Void) in
      let made: OpaquePointer?
      do throws(GLibError) {
        made = try withGError { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }
      } catch {
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: error.message)
      }
      guard let connection = made else {
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: "no session bus")
      }
      let node = g_dbus_node_info_new_for_xml(xml, nil)!
      let registration = g_dbus_connection_register_object(
        connection, objectPath, node.pointee.interfaces[0], &methodVTable,
        GLibBox<CallHandler>.retained(CallHandler(method: method, interface: interface, handler: handler)),
        glibReleaseBox,
        nil)
      g_dbus_node_info_unref(node)
      let owner = g_bus_own_name_on_connection(
        connection, name, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, nil, nameLostThunk,
        GLibBox<AsyncStream<Void>.Continuation>.retained(lostContinuation), glibReleaseBox)
      return (
        (),
        {
          g_bus_unown_name(owner)
          if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
          g_object_unref(UnsafeMutableRawPointer(connection))
          lostContinuation.finish()
        }
      )
    }
    return SessionBusService(thread: thread, nameLost: lost)
  }

  /// Leaves the bus.
  public func stop() async { await thread.stop() }

  /// What the object's method-call function finds in its user data.
  struct CallHandler {
    let method: String
    let interface: String
    let handler: Handler
  }
}

/// A `GDBusMethodInvocation`, which GDBus lets any thread answer; the answer consumes it.
private struct Invocation: @unchecked Sendable {
  let pointer: OpaquePointer

  func reply(_ answer: String?, interface: String) {
    if let answer {
      var value = g_variant_new_string(answer)
      g_dbus_method_invocation_return_value(pointer, g_variant_new_tuple(&value, 1))
    } else {
      g_dbus_method_invocation_return_dbus_error(pointer, "\(interface).NotServed", "not served")
    }
  }
}

/// The object's vtable: method calls only (the interface has no properties). GDBus copies it.
nonisolated(unsafe) private var methodVTable = GDBusInterfaceVTable(
  method_call: { _, _, _, _, methodName, parameters, invocation, userData in
    guard let invocation, let userData else { return }
    let handler = GLibBox<SessionBusService.CallHandler>.value(at: userData)
    let call = Invocation(pointer: invocation)
    guard let methodName, String(cString: methodName) == handler.method, let parameters,
      let argument = g_variant_get_child_value(parameters, 0)
    else { return call.reply(nil, interface: handler.interface) }
    let request = String(cString: g_variant_get_string(argument, nil))
    g_variant_unref(argument)
    Task { [answer = handler.handler, interface = handler.interface] in
      call.reply(await answer(request), interface: interface)
    }
  }, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))

/// `GBusNameLostCallback`: the name went to another process, or could not be had.
private let nameLostThunk: GBusNameLostCallback = { _, _, userData in
  guard let userData else { return }
  let continuation = GLibBox<AsyncStream<Void>.Continuation>.value(at: userData)
  continuation.yield()
  continuation.finish()
}
