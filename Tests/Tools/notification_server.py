#!/usr/bin/python3
"""A desktop notification server (org.freedesktop.Notifications, the Desktop Notifications
Specification) for tests, on the session bus of its environment. It claims the name, prints "ready",
and appends every Notify call to the file given as its argument, one JSON object a line
(app_name, app_icon, summary, body, hints' desktop-entry). It says it reads body markup, as GNOME
Shell's does, so a client must escape what it shows."""
import json
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
  </interface>
</node>
"""


def main(record):
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    counter = [0]

    def on_call(connection, sender, path, interface, method, parameters, invocation):
        if method == "Notify":
            app_name, _, icon, summary, body, _, hints, _ = parameters.unpack()
            counter[0] += 1
            entry = {"app_name": app_name, "app_icon": icon, "summary": summary, "body": body,
                     "desktop_entry": hints.get("desktop-entry")}
            with open(record, "a", encoding="utf-8") as file:
                file.write(json.dumps(entry) + "\n")
            invocation.return_value(GLib.Variant("(u)", (counter[0],)))
        elif method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (["body", "body-markup"],)))
        elif method == "GetServerInformation":
            invocation.return_value(GLib.Variant("(ssss)", ("test", "AuthDesktop tests", "1", "1.2")))
        else:
            invocation.return_value(None)

    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.register_object("/org/freedesktop/Notifications", node.interfaces[0], on_call, None, None)
    loop = GLib.MainLoop()

    def acquired(*_):
        print("ready", flush=True)

    Gio.bus_own_name_on_connection(bus, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                                   acquired, lambda *_: loop.quit())
    loop.run()


if __name__ == "__main__":
    main(sys.argv[1])
