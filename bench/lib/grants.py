"""4b. `Accounts1.GetAccessToken` for a granted account from a client that keeps its bus connection, beside a
Secret Service lookup over an open connection (bench/lib/grant_client.py), against the window's process
the bus starts (`install`'s service file). The grant is written into the store as the service writes it
on the user's Allow (table `appGrant`): the benchmark times the call, not the dialog."""

import datetime
import json
import os
import sqlite3
import subprocess

from processes import ROOT, end_service, run

CLIENT = os.path.join(ROOT, "bench/lib/grant_client.py")
PYTHON = "/usr/bin/python3"


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def granted_token(desktop, iterations, warmup):
    """The per-call times of both, in milliseconds (each call on the same open connection)."""
    run([desktop.app, "install"], env=desktop.env)
    if not desktop.signed_in():
        desktop.sign_in()
    subprocess.run(["secret-tool", "store", "--label=AuthDesktop bench", "service", "auth-desktop-bench", "item",
                    "one"], input="gho_" + "x" * 36, text=True, check=True)
    uid = json.loads(run([desktop.app, "status", "--json"], env=desktop.env))["user"]["uid"]
    # The bus starts the window's process with its own environment (the bus runs without a display): the
    # bench's display and store, as the commands use.
    end_service()
    run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", "org.freedesktop.DBus.UpdateActivationEnvironment",
         str({"AUTH_DESKTOP_CONFIG": desktop.config, "AUTH_DESKTOP_DATA_DIR": desktop.data,
              "DISPLAY": os.environ["DISPLAY"]})])
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
    with sqlite3.connect(os.path.join(desktop.data, "auth.sqlite")) as db:
        db.execute("INSERT OR REPLACE INTO appGrant (app, appName, uid, providerID, scopes, grantedAt) "
                   "VALUES (?, 'bench', ?, 'github.com', '[]', ?)", (os.path.realpath(PYTHON), uid, now))
    out = subprocess.run([PYTHON, CLIENT, uid, str(iterations), str(warmup)], capture_output=True, text=True,
                         env=desktop.env, timeout=600)
    if out.returncode != 0:
        raise SystemExit(f"grant_client.py: {out.stderr}")
    result = json.loads(out.stdout)
    expected = run([desktop.app, "token", "github.com"], env=desktop.env).strip()
    if result.pop("token") != expected:
        raise SystemExit("GetAccessToken answered another token than `auth-desktop token`")
    for key in ("token_ms", "secret_ms"):
        result[key.replace("_ms", "_p99_ms")] = [percentile(result[key], 0.99)]
    return result
