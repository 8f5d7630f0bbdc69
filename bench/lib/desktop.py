"""The benchmarks that need the desktop session (Xvfb, the private bus, the unlocked gnome-keyring):
2. cold start → window mapped (and peak RSS), 3. the custom-scheme handoff to a running window,
4. `auth-desktop token` against `secret-tool lookup`."""

import json
import os
import sqlite3
import subprocess
import time

import requests

from processes import kill, name_has_owner, peak_rss_mib, read_line, run, timed_run, wait_until

APP_ID = "dev.authdesktop.AuthDesktop"
BASELINE_ID = "dev.authdesktop.BenchBaseline"


class Desktop:
    def __init__(self, app, baseline, observer, scratch, github, log):
        self.app, self.baseline, self.observer, self.log = app, baseline, observer, log
        self.home = os.path.join(scratch, "desktop")
        os.makedirs(self.home, exist_ok=True)
        client = requests.post(f"{github}/_test/clients", json={
            "redirect_uris": ["dev.authdesktop.authdesktop:/oauth2redirect/github.com"]}, timeout=10).json()
        self.config = os.path.join(self.home, "config.toml")
        with open(self.config, "w") as f:  # secret_store: the default, the Secret Service (gnome-keyring)
            f.write(f'[providers."github.com"]\nclient_id = "{client["client_id"]}"\n'
                    f'client_secret = "{client["client_secret"]}"\n'
                    f'authorization_endpoint = "{github}/login/oauth/authorize"\n'
                    f'token_endpoint = "{github}/login/oauth/access_token"\napi_base_url = "{github}"\n')
        self.data = os.path.join(self.home, "data")
        self.env = dict(os.environ, AUTH_DESKTOP_CONFIG=self.config, AUTH_DESKTOP_DATA_DIR=self.data)

    # 2. Cold start → window mapped.
    def launch(self, argv, name, settle):
        """Milliseconds from spawning `argv` to its window's MapNotify (seen by map-observer), and the
        process's peak RSS `settle` seconds after the map."""
        observer = subprocess.Popen([self.observer], stdout=subprocess.PIPE, text=True)
        if read_line(observer.stdout, 10, "map-observer").strip() != "ready":
            raise SystemExit("map-observer did not start")
        start = time.monotonic()
        process = subprocess.Popen(argv, env=self.env, stdout=self.log, stderr=self.log)
        try:
            mapped = float(read_line(observer.stdout, 30, f"{argv[0]}'s window to map").split()[0])
            time.sleep(settle)
            rss = peak_rss_mib(process.pid)
        finally:
            kill(process)
            kill(observer)
        wait_until(f"{name} to leave the bus", lambda: not name_has_owner(name))
        return (mapped - start) * 1000, rss

    def window(self, iterations, warmup, settle=1.0):
        result = {"app_ms": [], "app_mib": [], "c_ms": [], "c_mib": []}
        for index in range(warmup + iterations):  # in turns, so both see the same load
            app = self.launch([self.app], APP_ID, settle)
            c = self.launch([self.baseline], BASELINE_ID, settle)
            if index >= warmup:
                result["app_ms"].append(app[0])
                result["app_mib"].append(app[1])
                result["c_ms"].append(c[0])
                result["c_mib"].append(c[1])
        return result

    # 3. Handoff.
    def outcomes(self, db):
        return db.execute("SELECT COUNT(*) FROM authorizationOutcome WHERE code IS NULL").fetchone()[0]

    def start_sign_in(self):
        out = run([self.app, "sign-in", "github.com", "--no-browser", "--no-wait", "--json"], env=self.env)
        url = json.loads(out.splitlines()[0])["authorizationURL"]
        return requests.get(url, allow_redirects=False, timeout=10).headers["Location"]

    def handoff(self, iterations, warmup):
        """`auth-desktop URI` (or `xdg-open URI` through the installed desktop entry) as a second process →
        the running window has recorded the sign-in's outcome (the account committed)."""
        run([self.app, "install"], env=self.env)
        window = subprocess.Popen([self.app], env=self.env, stdout=self.log, stderr=self.log)
        result = {"direct_ms": [], "direct_exit_ms": [], "xdg_open_ms": []}
        try:
            wait_until("the window's D-Bus name", lambda: name_has_owner(APP_ID))
            db = sqlite3.connect(os.path.join(self.data, "auth.sqlite"), timeout=10)
            for index in range(warmup + iterations):
                for how in ("direct", "xdg_open"):
                    location = self.start_sign_in()
                    before = self.outcomes(db)
                    argv = [self.app, location] if how == "direct" else ["xdg-open", location]
                    env = dict(self.env, XDG_CURRENT_DESKTOP="GNOME")  # gio open: returns at once
                    start = time.perf_counter()
                    sender = subprocess.Popen(argv, env=env, stdout=self.log, stderr=self.log)
                    exited = None
                    while self.outcomes(db) == before:
                        if exited is None and sender.poll() is not None:
                            exited = time.perf_counter()
                        if time.perf_counter() - start > 30:
                            raise SystemExit("the window did not complete the handed-off sign-in")
                        time.sleep(0.001)
                    done = time.perf_counter()
                    sender.wait(timeout=30)
                    exited = exited or time.perf_counter()
                    if sender.returncode != 0:
                        raise SystemExit(f"{argv[0]} URI exited with {sender.returncode}")
                    if index >= warmup:
                        result[f"{how}_ms"].append((done - start) * 1000)
                        if how == "direct":
                            result["direct_exit_ms"].append((exited - start) * 1000)
            if window.poll() is not None:
                raise SystemExit("the window exited during the handoff benchmark")
            status = run([self.app, "status", "--json"], env=self.env)
            if '"signedIn":true' not in status.replace(" ", ""):
                raise SystemExit(f"not signed in after the handoff: {status}")
        finally:
            kill(window)
            wait_until("the window to leave the bus", lambda: not name_has_owner(APP_ID))
        return result

    # 4. token.
    def token(self, iterations, warmup):
        """`auth-desktop token github.com` (a valid cached token in gnome-keyring) against
        `secret-tool lookup` of one item in the same keyring, in turns."""
        run(["secret-tool", "store", "--label=AuthDesktop bench", "service", "auth-desktop-bench", "item", "one"],
            input="gho_" + "x" * 36)
        result = {"token_ms": [], "secret_tool_ms": []}
        for index in range(warmup + iterations):
            token_ms, token = timed_run([self.app, "token", "github.com"], env=self.env)
            lookup_ms, secret = timed_run(["secret-tool", "lookup", "service", "auth-desktop-bench", "item", "one"])
            if not token.startswith("gho_") or not secret.startswith("gho_"):
                raise SystemExit("token or secret-tool printed something unexpected")
            if index >= warmup:
                result["token_ms"].append(token_ms)
                result["secret_tool_ms"].append(lookup_ms)
        return result
