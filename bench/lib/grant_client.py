#!/usr/bin/python3
"""bench/lib/grants.py's client (python3-gi, run by Debian's /usr/bin/python3: the app its grant names):
one bus connection kept open, then per call the time of Accounts1.GetAccessToken for ACCOUNT, and of a
Secret Service lookup of one item over an open session (SearchItems, then GetSecrets), in turns.

  grant_client.py ACCOUNT ITERATIONS WARMUP   → {"token_ms": [...], "secret_ms": [...], "token": "..."}
"""
import json
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

SECRETS = "org.freedesktop.secrets"


def main():
    account, iterations, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def call(name, path, interface, method, signature, args):
        return bus.call_sync(name, path, interface, method, GLib.Variant(signature, args), None,
                             Gio.DBusCallFlags.NONE, 30000, None).unpack()

    def token():
        return call("dev.authdesktop.AuthDesktop.Accounts", "/dev/authdesktop/AuthDesktop/Accounts",
                    "dev.authdesktop.AuthDesktop.Accounts1", "GetAccessToken", "(sa{sv})", (account, {}))[0]

    _, session = call(SECRETS, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "OpenSession", "(sv)",
                      ("plain", GLib.Variant("s", "")))

    def secret():
        unlocked, _ = call(SECRETS, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "SearchItems",
                           "(a{ss})", ({"service": "auth-desktop-bench", "item": "one"},))
        values = call(SECRETS, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "GetSecrets", "(aoo)",
                      (unlocked, session))[0]
        return bytes(values[unlocked[0]][2]).decode()

    result = {"token_ms": [], "secret_ms": []}
    for index in range(warmup + iterations):
        start = time.perf_counter()
        value = token()
        middle = time.perf_counter()
        stored = secret()
        end = time.perf_counter()
        if not value or not stored.startswith("gho_"):
            sys.exit("GetAccessToken or the Secret Service answered something unexpected")
        if index >= warmup:
            result["token_ms"].append((middle - start) * 1000)
            result["secret_ms"].append((end - middle) * 1000)
    result["token"] = value
    print(json.dumps(result))


if __name__ == "__main__":
    main()
