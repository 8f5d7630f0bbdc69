#pragma once
#include <libsoup/soup.h>

/// `soup_server_new` is variadic (property list), so Swift cannot call it. No `server-header`: the
/// loopback redirect page does not advertise the server software.
static inline SoupServer *authdesktop_soup_server_new(void) {
  return soup_server_new(NULL, NULL);
}

/// The GIO error codes `SoupHTTPTransport` tells apart (GIO's enumerators carry availability macros
/// that Swift does not import).
typedef enum {
  AUTHDESKTOP_NET_TIMED_OUT,
  AUTHDESKTOP_NET_CONNECTION_REFUSED,
  AUTHDESKTOP_NET_HOST_UNREACHABLE,
  AUTHDESKTOP_NET_NETWORK_UNREACHABLE,
} AuthDesktopNetworkError;

static inline gint authdesktop_net_error_code(AuthDesktopNetworkError which) {
  switch (which) {
    case AUTHDESKTOP_NET_TIMED_OUT: return G_IO_ERROR_TIMED_OUT;
    case AUTHDESKTOP_NET_CONNECTION_REFUSED: return G_IO_ERROR_CONNECTION_REFUSED;
    case AUTHDESKTOP_NET_HOST_UNREACHABLE: return G_IO_ERROR_HOST_UNREACHABLE;
    case AUTHDESKTOP_NET_NETWORK_UNREACHABLE: return G_IO_ERROR_NETWORK_UNREACHABLE;
  }
  return G_IO_ERROR_FAILED;
}
