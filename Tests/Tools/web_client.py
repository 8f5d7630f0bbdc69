#!/usr/bin/python3
"""A python3-gi (Gio) client of AuthDesktop's web authentication (docs/dbus-interface.md), for the
tests of the service: each command prints one JSON line.

  web_client.py respond URL [WINDOW]   one sign-in (its parent_window WINDOW, default ""); its Response
                                       and this caller's unique name
  web_client.py hold URL               one sign-in, then waits to be killed ("waiting" once asked)
  web_client.py many N                 N connections, each one sign-in at https://aI.example/; the
                                       Responses in the order they came
  web_client.py misuse                 the refusals: another caller's session, another session's
                                       redirect URI, long strings, bad URLs and windows
"""
import json
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from bus_client import NAME, PATH, REQUEST, connect, error_name  # noqa: E402

WEB = "dev.authdesktop.AuthDesktop.WebAuthentication1"


def call(bus, method, signature, args, path=PATH, interface=WEB):
    reply = bus.call_sync(NAME, path, interface, method, GLib.Variant(signature, args) if signature else None,
                          None, Gio.DBusCallFlags.NONE, 60000, None)
    return reply.unpack()


def start(bus, url, token, answers, session=None, window=""):
    """CreateSession (unless given), subscribe to the request's Response, then Authenticate."""
    if session is None:
        session, _ = call(bus, "CreateSession", "(a{sv})", ({},))
    sender = bus.get_unique_name()[1:].replace(".", "_")
    request = f"{PATH}/request/{sender}/{token}"

    def on_response(_bus, _sender, _path, _interface, _signal, parameters):
        code, results = parameters.unpack()
        answers.append({"token": token, "code": code, "results": results})

    bus.signal_subscribe(None, REQUEST, "Response", request, None, Gio.DBusSignalFlags.NONE, on_response)
    returned = call(bus, "Authenticate", "(ossa{sv})", (session, window, url, {"handle_token": GLib.Variant("s", token)}))
    assert returned[0] == request, returned
    return session


def wait(answers, count):
    context = GLib.MainContext.default()
    while len(answers) < count:
        context.iteration(True)


def main():
    command = sys.argv[1]
    if command == "respond":
        bus, answers = connect(), []
        start(bus, sys.argv[2], "respond", answers, window=sys.argv[3] if len(sys.argv) > 3 else "")
        wait(answers, 1)
        print(json.dumps({"sender": bus.get_unique_name(), **answers[0]}))
    elif command == "hold":
        bus = connect()
        start(bus, sys.argv[2], "hold", [])
        print(json.dumps({"sender": bus.get_unique_name()}), flush=True)
        GLib.MainLoop().run()
    elif command == "many":
        count, answers, buses = int(sys.argv[2]), [], []
        for index in range(count):
            buses.append(connect())
            start(buses[-1], f"https://a{index}.example/authorize", f"t{index}", answers)
        wait(answers, count)
        print(json.dumps([answer["token"] for answer in answers]))
    elif command == "misuse":
        owner, other = connect(), connect()
        session, redirect = call(owner, "CreateSession", "(a{sv})", ({},))
        second, _ = call(owner, "CreateSession", "(a{sv})", ({},))
        url = "https://id.example/authorize?redirect_uri="

        def authenticate(bus, window="", target=url + GLib.Uri.escape_string(redirect, None, False), where=session):
            return lambda: call(bus, "Authenticate", "(ossa{sv})", (where, window, target, {}))

        results = {
            "other caller's session": error_name(authenticate(other)),
            "other caller closes it": error_name(lambda: call(other, "CloseSession", "(o)", (session,))),
            "another session's redirect": error_name(authenticate(owner, where=second)),
            "no such session": error_name(authenticate(owner, where=PATH + "/session/none/none")),
            "javascript": error_name(authenticate(owner, target="javascript:alert(1)")),
            "file": error_name(authenticate(owner, target="file:///etc/passwd")),
            "plain http": error_name(authenticate(owner, target="http://id.example/authorize")),
            "long url": error_name(authenticate(owner, target="https://id.example/?" + "a" * 100000)),
            "forged window": error_name(authenticate(owner, window="x11:not-a-window")),
            "unknown window": error_name(authenticate(owner, window="mir:1")),
            "long window": error_name(authenticate(owner, window="wayland:" + "h" * 100000)),
            "bad token": error_name(lambda: call(owner, "CreateSession", "(a{sv})",
                                                 ({"session_handle_token": GLib.Variant("s", "../x")},))),
            "token of wrong type": error_name(lambda: call(owner, "CreateSession", "(a{sv})",
                                                           ({"session_handle_token": GLib.Variant("u", 7)},))),
            "unknown method": error_name(lambda: call(owner, "Steal", None, None)),
            "wrong types": error_name(lambda: call(owner, "Authenticate", "(ssss)", ("a", "b", "c", "d"))),
        }
        call(owner, "CloseSession", "(o)", (session,))
        results["closed twice"] = error_name(lambda: call(owner, "CloseSession", "(o)", (session,)))
        print(json.dumps(results))


main()
