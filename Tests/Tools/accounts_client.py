#!/usr/bin/python3
"""A python3-gi (Gio) client of AuthDesktop's Accounts1 interface (docs/dbus-interface.md), for the
tests of the service: each command prints one JSON line. Every run is the same app to the service
(this interpreter's executable), on a bus connection of its own.

  accounts_client.py request PROVIDER [SCOPE...]   RequestAccount; its Response
  accounts_client.py request-over WINDOW PROVIDER [SCOPE...]
                                                   the same with the parent_window WINDOW (x11:XID)
  accounts_client.py token ACCOUNT [PROVIDER]      GetAccessToken: {"token", "expires"} or {"error"}
  accounts_client.py id-token ACCOUNT              GetIdToken, likewise
  accounts_client.py list                          ListAccounts
  accounts_client.py release ACCOUNT               Release: {} or {"error"}
  accounts_client.py flood N                       N RequestAccounts on one connection, not waiting for
                                                   their Responses: each one's error name ("none": taken)
  accounts_client.py hostile ACCOUNT               the refusals: long strings, wrong types, too many
                                                   scopes, unknown providers and accounts
"""
import json
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from bus_client import NAME, PATH, REQUEST, connect, error_name, remote_error  # noqa: E402

ACCOUNTS = "dev.authdesktop.AuthDesktop.Accounts1"


def call(bus, method, signature, args):
    reply = bus.call_sync(NAME, PATH, ACCOUNTS, method, GLib.Variant(signature, args) if signature else None,
                          None, Gio.DBusCallFlags.NONE, 120000, None)
    return reply.unpack()


def answer(body):
    try:
        return body()
    except GLib.Error as error:
        return {"error": remote_error(error)}


def request(bus, provider, scopes, window=""):
    token = "ask1"
    path = f"{PATH}/request/{bus.get_unique_name()[1:].replace('.', '_')}/{token}"
    loop, result = GLib.MainLoop(), {}

    def on_response(_bus, _sender, _path, _interface, _signal, parameters):
        code, results = parameters.unpack()
        result.update(code=code, results=results)
        loop.quit()

    bus.signal_subscribe(None, REQUEST, "Response", path, None, Gio.DBusSignalFlags.NONE, on_response)
    returned = call(bus, "RequestAccount", "(ssasa{sv})", (window, provider, scopes, {"handle_token": GLib.Variant("s", token)}))
    assert returned[0] == path, returned
    loop.run()
    return result


def hostile(bus, account):
    long = "a" * 129
    s = lambda value: GLib.Variant("s", value)  # noqa: E731
    request = lambda provider, scopes, options={}, window="": lambda: call(  # noqa: E731
        bus, "RequestAccount", "(ssasa{sv})", (window, provider, scopes, options))
    token = lambda uid, options={}: lambda: call(bus, "GetAccessToken", "(sa{sv})", (uid, options))  # noqa: E731
    raw = lambda method, signature, args: lambda: bus.call_sync(  # noqa: E731
        NAME, PATH, ACCOUNTS, method, GLib.Variant(signature, args), None, Gio.DBusCallFlags.NONE, 60000, None)
    cases = {
        "long account": token(long),
        "long account id token": lambda: call(bus, "GetIdToken", "(sa{sv})", (long, {})),
        "long release": lambda: call(bus, "Release", "(s)", (long,)),
        "unknown account": token("no-such-account"),
        "empty account": token(""),
        "ungranted account": token(account),
        "provider of wrong type": token(account, {"provider": GLib.Variant("u", 7)}),
        "long provider option": token(account, {"provider": s(long)}),
        "long provider": request(long, []),
        "unknown provider": request("example.com", []),
        "password provider": request("password", []),
        "too many scopes": request("github.com", [f"s{i}" for i in range(33)]),
        "scope with a space": request("github.com", ["read:user repo"]),
        "empty scope": request("github.com", [""]),
        "long scope": request("github.com", [long]),
        "scope with a quote": request("github.com", ['a"b']),
        "bad handle token": request("github.com", [], {"handle_token": s("../x")}),
        "handle token of wrong type": request("github.com", [], {"handle_token": GLib.Variant("b", True)}),
        "long activation token": request("github.com", [], {"activation_token": s("a" * 300)}),
        "forged window": request("github.com", [], {}, "x11:not-hex"),
        "scopes of wrong type": raw("RequestAccount", "(sssa{sv})", ("", "github.com", "read:user", {})),
        "account of wrong type": raw("GetAccessToken", "(ua{sv})", (7, {})),
        "unknown method": raw("Steal", "(s)", ("x",)),
    }
    return {name: error_name(body) for name, body in cases.items()}


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    bus = connect()
    if command == "request":
        result = request(bus, arguments[0], arguments[1:])
    elif command == "request-over":
        result = request(bus, arguments[1], arguments[2:], window=arguments[0])
    elif command == "token":
        options = {"provider": GLib.Variant("s", arguments[1])} if len(arguments) > 1 else {}
        result = answer(lambda: dict(zip(("token", "expires"), call(bus, "GetAccessToken", "(sa{sv})", (arguments[0], options)))))
    elif command == "id-token":
        result = answer(lambda: dict(zip(("token", "expires"), call(bus, "GetIdToken", "(sa{sv})", (arguments[0], {})))))
    elif command == "list":
        result = call(bus, "ListAccounts", None, None)[0]
    elif command == "release":
        result = answer(lambda: (call(bus, "Release", "(s)", (arguments[0],)), {})[1])
    elif command == "flood":
        result = [error_name(lambda i=i: call(bus, "RequestAccount", "(ssasa{sv})",
                                              ("", "github.com", [], {"handle_token": GLib.Variant("s", f"f{i}")})))
                  for i in range(int(arguments[0]))]
    elif command == "hostile":
        result = hostile(bus, arguments[0])
    else:
        sys.exit(f"unknown command {command}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
