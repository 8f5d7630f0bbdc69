#!/usr/bin/python3
"""An app's window on the test's Wayland display (WAYLAND_DISPLAY), for the consent dialog's tests:
it exports its toplevel (xdg_foreign) and prints the handle, one line, then stays until it is killed.

  wayland_parent.py TITLE
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("GdkWayland", "4.0")
from gi.repository import GdkWayland, Gio, Gtk  # noqa: E402,F401  (GdkWayland: the toplevel's export_handle)


def main():
    app = Gtk.Application(application_id="dev.authdesktop.tests.WaylandParent",
                          flags=Gio.ApplicationFlags.NON_UNIQUE)

    def exported(_toplevel, handle, *_):
        print(handle, flush=True)

    def export(window):
        window.get_surface().export_handle(exported)

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title=sys.argv[1])
        window.set_default_size(640, 480)
        window.connect("map", export)
        window.present()

    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
