import AuthDesktopKit
import AuthEngine
import CGio
import Foundation

/// One method call, copied off the bus thread: who sent it (the bus's unique name, which the bus
/// vouches for), where, and its arguments.
public struct BusCall: Sendable {
  public let sender: String
  public let objectPath: String
  public let interface: String
  public let method: String
  public let arguments: [BusValue]
}

/// A method's answer: its out-arguments, or one of the service's errors.
public enum BusReply: Sendable {
  case values([BusValue])
  case error(ServiceError)
}

/// The service's side of GDBus: a connection to the session bus (or a test's bus), the service's object
/// and the request objects it exports on it, on a thread of their own (`GLibMainContextThread`, whose
/// context GDBus calls the objects' functions in). Each call is handed to `handler` as a Swift task and
/// answered from there (GDBus lets any thread answer an invocation). GDBus itself refuses unknown
/// methods and arguments of the wrong types, against the introspection data.
final class ServiceBus: @unchecked Sendable {
  typealias Handler = @Sendable (BusCall) async -> BusReply

  private let thread: GLibMainContextThread
  private let connection: OpaquePointer
  private let requestInfo: UnsafeMutablePointer<GDBusInterfaceInfo>
  private let dispatch: gpointer
  private let lock = NSLock()
  private var exported: [String: guint] = [:]
  private var owner: guint?
  /// Ends when the name is lost to another process (or could not be had), or the bus went away.
  let nameLost: AsyncStream<Void>
  private let nameLostContinuation: AsyncStream<Void>.Continuation

  private init(
    thread: GLibMainContextThread, connection: OpaquePointer, requestInfo: UnsafeMutablePointer<GDBusInterfaceInfo>,
    dispatch: gpointer, nameLost: AsyncStream<Void>, nameLostContinuation: AsyncStream<Void>.Continuation
  ) {
    self.thread = thread
    self.connection = connection
    self.requestInfo = requestInfo
    self.dispatch = dispatch
    self.nameLost = nameLost
    self.nameLostContinuation = nameLostContinuation
  }

  /// Connects (to `address`, or the session bus), exports the service's object and watches callers leave
  /// (`vanished` gets each unique name that leaves the bus); `ownName` then asks for the name.
  static func start(
    address: String?, handler: @escaping Handler, vanished: @escaping @Sendable (String) -> Void
  ) async throws -> ServiceBus {
    let (lost, lostContinuation) = AsyncStream<Void>.makeStream()
    let (thread, parts) = try await GLibMainContextThread.start(name: "auth-desktop.accounts-bus") {
      () throws -> (Parts, tearDown: () -> Void) in
      let made: OpaquePointer?
      do throws(GLibError) {
        made = try withGError { error -> OpaquePointer? in
          guard let address else { return g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) }
          let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
              | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
          return g_dbus_connection_new_for_address_sync(address, flags, nil, nil, error)
        }
      } catch {
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: error.description)
      }
      guard let connection = made else {
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: "no session bus")
      }
      let service = g_dbus_node_info_new_for_xml(AccountsBus.serviceXML, nil)!
      let request = g_dbus_node_info_new_for_xml(AccountsBus.requestXML, nil)!
      let requestInfo = g_dbus_interface_info_ref(request.pointee.interfaces[0])!
      g_dbus_node_info_unref(request)
      let dispatch = Unmanaged.passRetained(Dispatcher(handler: handler)).toOpaque()
      var registrations: [guint] = []
      var index = 0
      while let interface = service.pointee.interfaces[index] {
        registrations.append(
          g_dbus_connection_register_object(
            connection, AccountsBus.objectPath, interface, &serviceVTable, dispatch, nil, nil))
        index += 1
      }
      g_dbus_node_info_unref(service)
      let subscription = g_dbus_connection_signal_subscribe(
        connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
        nil, G_DBUS_SIGNAL_FLAGS_NONE, nameOwnerChangedThunk, GLibBox<@Sendable (String) -> Void>.retained(vanished),
        glibReleaseBox)
      let parts = Parts(connection: connection, requestInfo: requestInfo, dispatch: dispatch)
      return (
        parts,
        {
          g_dbus_connection_signal_unsubscribe(connection, subscription)
          for registration in registrations where registration != 0 {
            g_dbus_connection_unregister_object(connection, registration)
          }
          lostContinuation.finish()
        }
      )
    }
    return ServiceBus(
      thread: thread, connection: parts.connection, requestInfo: parts.requestInfo, dispatch: parts.dispatch,
      nameLost: lost, nameLostContinuation: lostContinuation)
  }

  /// Asks for `AccountsBus.busName`, once the handler is ready for calls (a call that started this
  /// process waits for the name, and comes right after).
  func ownName() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      thread.perform { [self] in
        let owner = g_bus_own_name_on_connection(
          connection, AccountsBus.busName, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, nil, nameLostThunk,
          GLibBox<AsyncStream<Void>.Continuation>.retained(nameLostContinuation), glibReleaseBox)
        lock.withLock { self.owner = owner }
        done.resume()
      }
    }
  }

  /// Leaves the bus: the name, the objects and (for a connection of its own) the connection.
  func stop() async {
    for path in lock.withLock({ Array(exported.keys) }) { await unexport(path) }
    if let owner = lock.withLock({ self.owner }) {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        thread.perform {
          g_bus_unown_name(owner)
          done.resume()
        }
      }
    }
    await thread.stop()
    g_object_unref(UnsafeMutableRawPointer(connection))
    g_dbus_interface_info_unref(requestInfo)
    Unmanaged<Dispatcher>.fromOpaque(dispatch).release()
  }

  /// Exports a request object at `path` (its calls go to the handler too); false when one is there.
  func export(requestAt path: String) async -> Bool {
    await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      thread.perform { [self] in
        let id =
          lock.withLock { exported[path] } == nil
          ? g_dbus_connection_register_object(connection, path, requestInfo, &serviceVTable, dispatch, nil, nil) : 0
        if id != 0 { lock.withLock { exported[path] = id } }
        done.resume(returning: id != 0)
      }
    }
  }

  /// Removes the request object at `path`, if exported.
  func unexport(_ path: String) async {
    guard let id = lock.withLock({ exported.removeValue(forKey: path) }) else { return }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      thread.perform { [self] in
        g_dbus_connection_unregister_object(connection, id)
        done.resume()
      }
    }
  }

  var exportedRequests: Int { lock.withLock { exported.count } }

  /// Whether the connection is closed (the bus went away), as opposed to the name being taken.
  var isClosed: Bool { g_dbus_connection_is_closed(connection) != 0 }

  /// `Request1.Response(code, results)` of the request at `path`, sent to its caller only.
  func emitResponse(at path: String, to destination: String, code: UInt32, results: [String: BusValue]) {
    _ = try? withGError {
      g_dbus_connection_emit_signal(
        connection, destination, path, AccountsBus.requestInterface, "Response",
        BusValue.tuple([.uint32(code), .dictionary(results)]), $0)
    }
  }

  /// The bus's `GetConnectionCredentials` of `sender`: its process id and uid (nil without both).
  func credentials(of sender: String) async -> (processID: Int32, userID: UInt32)? {
    return try? await OffThePool.run { [self] () -> (Int32, UInt32)? in
      var name = g_variant_new_string(sender)
      let reply: OpaquePointer?
      do {
        reply = try withVariantType("(a{sv})") { replyType in
          try withGError({
            g_dbus_connection_call_sync(
              connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
              "GetConnectionCredentials", g_variant_new_tuple(&name, 1), replyType, G_DBUS_CALL_FLAGS_NONE,
              10_000, nil, $0)
          })
        }
      } catch {
        DesktopAuth.logger().warning("the bus gave no credentials of \(sender): \(error)")
        return nil
      }
      guard let reply else { return nil }
      defer { g_variant_unref(reply) }
      guard case .dictionary(let values) = BusValue.arguments(of: reply).first,
        case .uint32(let pid) = values["ProcessID"], case .uint32(let uid) = values["UnixUserID"]
      else {
        DesktopAuth.logger().warning("the bus's credentials of \(sender) have no process ID or user ID")
        return nil
      }
      return (Int32(bitPattern: pid), uid)
    }
  }

  private struct Parts: @unchecked Sendable {
    let connection: OpaquePointer
    let requestInfo: UnsafeMutablePointer<GDBusInterfaceInfo>
    let dispatch: gpointer
  }
}

/// What every exported object's functions find in their user data.
private final class Dispatcher {
  let handler: ServiceBus.Handler
  init(handler: @escaping ServiceBus.Handler) { self.handler = handler }
}

/// A `GDBusMethodInvocation`, which GDBus lets any thread answer; the answer consumes it.
private struct Invocation: @unchecked Sendable {
  let pointer: OpaquePointer

  func reply(_ reply: BusReply) {
    switch reply {
    case .values(let values): g_dbus_method_invocation_return_value(pointer, BusValue.tuple(values))
    case .error(let error): g_dbus_method_invocation_return_dbus_error(pointer, error.name, error.message)
    }
  }
}

nonisolated(unsafe) private var serviceVTable = GDBusInterfaceVTable(
  method_call: { _, sender, path, interface, method, parameters, invocation, userData in
    guard let invocation, let userData else { return }
    let handler = Unmanaged<Dispatcher>.fromOpaque(userData).takeUnretainedValue().handler
    let call = BusCall(
      sender: sender.map { String(cString: $0) } ?? "", objectPath: path.map { String(cString: $0) } ?? "",
      interface: interface.map { String(cString: $0) } ?? "", method: method.map { String(cString: $0) } ?? "",
      arguments: parameters.map(BusValue.arguments(of:)) ?? [])
    let answer = Invocation(pointer: invocation)
    Task { answer.reply(await handler(call)) }
  }, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))

/// `NameOwnerChanged(name, old, new)`: a unique name with no new owner has left the bus.
private let nameOwnerChangedThunk: GDBusSignalCallback = { _, _, _, _, _, parameters, userData in
  guard let parameters, let userData,
    case let arguments = BusValue.arguments(of: parameters), arguments.count == 3,
    let name = arguments[0].string, name.hasPrefix(":"), arguments[2].string == ""
  else { return }
  GLibBox<@Sendable (String) -> Void>.value(at: userData)(name)
}

/// `GBusNameLostCallback`: the name went to another process, or could not be had.
private let nameLostThunk: GBusNameLostCallback = { _, _, userData in
  guard let userData else { return }
  let continuation = GLibBox<AsyncStream<Void>.Continuation>.value(at: userData)
  continuation.yield()
  continuation.finish()
}
