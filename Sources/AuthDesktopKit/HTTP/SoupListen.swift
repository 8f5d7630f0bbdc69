import CSoup

/// Serves `server` on the already bound `socket` (`soup_server_listen_socket`) and returns what stops
/// both and releases them. On failure both are released and the GLib error is thrown. Call it on the
/// server's GLib thread.
func soupListen(
  _ server: UnsafeMutablePointer<SoupServer>, on socket: UnsafeMutablePointer<GSocket>
) throws(GLibError) -> () -> Void {
  let tearDown = {
    soup_server_disconnect(server)
    g_object_unref(server)
    g_socket_close(socket, nil)
    g_object_unref(socket)
  }
  do throws(GLibError) {
    try withGError { soup_server_listen_socket(server, socket, SoupServerListenOptions(0), $0) }
  } catch {
    tearDown()
    throw error
  }
  return tearDown
}
