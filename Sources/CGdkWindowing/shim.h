#pragma once
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <gdk/wayland/gdkwayland.h>

// GDK's backend-specific calls, for making the consent dialog a child of another app's window (the
// `parent_window` of xdg-desktop-portal's window identifiers). Swift cannot use GDK's type-check macros
// (`GDK_IS_X11_DISPLAY`, ...) nor Xlib's, so each step is one wrapper; only ConsentDialog's
// `ForeignParent` imports this module, so Xlib's names stay out of every other file.

/// Whether `display` is GDK's X11 backend (a `GdkX11Display`).
static inline gboolean authdesktop_display_is_x11(GdkDisplay *display) {
  return GDK_IS_X11_DISPLAY(display);
}

/// Whether `display` is GDK's Wayland backend (a `GdkWaylandDisplay`).
static inline gboolean authdesktop_display_is_wayland(GdkDisplay *display) {
  return GDK_IS_WAYLAND_DISPLAY(display);
}

/// Whether the X window `xid` exists on the X11 `display`: `XGetWindowAttributes` inside GDK's error
/// trap, so that a `BadWindow` is an answer, not GDK's fatal X error.
static inline gboolean authdesktop_x11_window_exists(GdkDisplay *display, unsigned long xid) {
  XWindowAttributes attributes;
  gdk_x11_display_error_trap_push(display);
  Status found = XGetWindowAttributes(GDK_DISPLAY_XDISPLAY(display), (Window)xid, &attributes);
  XSync(GDK_DISPLAY_XDISPLAY(display), False);
  return gdk_x11_display_error_trap_pop(display) == 0 && found != 0;
}

/// Sets `WM_TRANSIENT_FOR` of `window`'s X11 surface (realized: it has one) to the X window `xid`, as
/// xdg-desktop-portal-gnome does for an `x11:` parent. FALSE when the surface is not an X11 one or the
/// server refused.
static inline gboolean authdesktop_x11_set_transient_for(GtkWindow *window, unsigned long xid) {
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
  if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) return FALSE;
  GdkDisplay *display = gdk_surface_get_display(surface);
  gdk_x11_display_error_trap_push(display);
  XSetTransientForHint(GDK_SURFACE_XDISPLAY(surface), GDK_SURFACE_XID(surface), (Window)xid);
  XSync(GDK_SURFACE_XDISPLAY(surface), False);
  return gdk_x11_display_error_trap_pop(display) == 0;
}

/// Makes `window`'s Wayland toplevel (realized) a child of the surface another client exported as
/// `handle` (xdg_foreign). FALSE when the surface is not a Wayland toplevel or the compositor has no
/// xdg_foreign.
static inline gboolean authdesktop_wayland_set_transient_for(GtkWindow *window, const char *handle) {
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
  if (surface == NULL || !GDK_IS_WAYLAND_TOPLEVEL(surface)) return FALSE;
  return gdk_wayland_toplevel_set_transient_for_exported(GDK_TOPLEVEL(surface), handle);
}
