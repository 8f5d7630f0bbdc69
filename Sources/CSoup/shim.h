#pragma once
#include <libsoup/soup.h>

/// `soup_server_new` is variadic (property list), so Swift cannot call it. No `server-header`: the
/// loopback redirect page does not advertise the server software.
static inline SoupServer *authdesktop_soup_server_new(void) {
  return soup_server_new(NULL, NULL);
}
