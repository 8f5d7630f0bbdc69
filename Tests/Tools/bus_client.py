"""What the python3-gi clients of AuthDesktop's session-bus service share (accounts_client.py,
web_client.py): its names, a bus connection of the client's own, and a refusal's D-Bus error name."""
import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "dev.authdesktop.AuthDesktop.Accounts"
PATH = "/dev/authdesktop/AuthDesktop/Accounts"
REQUEST = "dev.authdesktop.AuthDesktop.Request1"


def connect():
    """A connection of its own to the session bus (not the shared one: each is another caller)."""
    address = Gio.dbus_address_get_for_bus_sync(Gio.BusType.SESSION, None)
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def remote_error(error):
    return Gio.DBusError.get_remote_error(error) or error.message


def error_name(body):
    """The D-Bus error name `body` fails with, or "none"."""
    try:
        body()
        return "none"
    except GLib.Error as error:
        return remote_error(error)
