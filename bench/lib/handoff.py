"""3. The custom-scheme handoff to a running window: the window starts the sign-in (its "Continue with
GitHub" button, clicked over AT-SPI with Tests/Tools/atspi.py), the default browser is
Tests/Tools/fake_browser.py recording the authorization URL, the browser's part is played here, and
then the timed part: spawning `auth-desktop URI` (or `xdg-open URI`) until the window has stored the
sign-in — a new session row committed in auth.sqlite (the account, its identity and the session are
one transaction; polled every 1 ms). `auth-desktop URI` opens the store, finds the pending request by
its `state`, forwards the URI to the window over D-Bus (`RedirectForwarding`) and exits; the window
resumes its sign-in session: the token exchange, the profile requests, the commit and the keyring."""

import os
import sqlite3
import subprocess
import time

import requests

from desktop import APP_ID
from processes import ROOT, kill, name_has_owner, run, wait_until

ATSPI = os.path.join(ROOT, "Tests/Tools/atspi.py")
BROWSER = os.path.join(ROOT, "Tests/Tools/fake_browser.py")


def atspi(*arguments):
    """Runs atspi.py with the system python3 (python3-gi); its exit status."""
    return subprocess.run(["/usr/bin/python3", ATSPI, *arguments], capture_output=True, text=True).returncode


def register_browser(env):
    """fake_browser.py as the default http(s) handler in the session's XDG dirs (before `install`, which
    adds the app's scheme to the same mimeapps.list)."""
    applications = os.path.join(env["XDG_DATA_HOME"], "applications")
    os.makedirs(applications, exist_ok=True)
    os.makedirs(env["XDG_CONFIG_HOME"], exist_ok=True)
    with open(os.path.join(applications, "authdesktop-bench-browser.desktop"), "w") as f:
        f.write(f"[Desktop Entry]\nType=Application\nName=Bench Browser\nExec=/usr/bin/python3 {BROWSER} %u\n"
                "MimeType=x-scheme-handler/http;x-scheme-handler/https;\nNoDisplay=true\n")
    with open(os.path.join(env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/http=authdesktop-bench-browser.desktop\n"
                "x-scheme-handler/https=authdesktop-bench-browser.desktop\n")


class Handoff:
    def __init__(self, desktop):
        self.desktop = desktop
        self.browser_log = os.path.join(desktop.home, "browser.log")
        self.env = dict(desktop.env, AUTH_DESKTOP_TEST_BROWSER_MODE="record",
                        AUTH_DESKTOP_TEST_BROWSER_LOG=self.browser_log, XDG_CURRENT_DESKTOP="GNOME")

    def opened(self):
        if not os.path.exists(self.browser_log):
            return []
        return [line[5:] for line in open(self.browser_log).read().splitlines() if line.startswith("open ")]

    def click(self, pid, name):
        wait_until(f"the window to show “{name}”", lambda: atspi("activate", str(pid), name) == 0, interval=0.1)

    def start_sign_in(self, pid):
        """Clicks "Continue with GitHub"; the browser's part: the Location the authorization URL answers."""
        before = len(self.opened())
        self.click(pid, "Continue with GitHub")
        wait_until("the window to open the browser", lambda: len(self.opened()) > before, interval=0.01)
        url = self.opened()[-1]
        return requests.get(url, allow_redirects=False, timeout=10).headers["Location"]

    def run(self, iterations, warmup):
        register_browser(self.env)
        run([self.desktop.app, "install"], env=self.env)
        if self.desktop.signed_in():
            run([self.desktop.app, "sign-out"], env=self.env)
        window = subprocess.Popen([self.desktop.app], env=self.env, stdout=self.desktop.log, stderr=self.desktop.log)
        result = {"direct_ms": [], "direct_exit_ms": [], "xdg_open_ms": []}
        try:
            wait_until("the window's D-Bus name", lambda: name_has_owner(APP_ID))
            db = sqlite3.connect(os.path.join(self.desktop.data, "auth.sqlite"), timeout=10)
            for index in range(warmup + iterations):
                for how in ("direct", "xdg_open"):
                    location = self.start_sign_in(window.pid)
                    elapsed, exited = self.deliver(db, location, how)
                    if index >= warmup:
                        result[f"{how}_ms"].append(elapsed)
                        if how == "direct":
                            result["direct_exit_ms"].append(exited)
                    self.click(window.pid, "Sign out")
            if window.poll() is not None:
                raise SystemExit("the window exited during the handoff benchmark")
        finally:
            kill(window)
            wait_until("the window to leave the bus", lambda: not name_has_owner(APP_ID))
        return result

    def deliver(self, db, location, how):
        """Milliseconds from spawning the sender to the new session row, and to the sender's exit."""
        def sessions():
            return db.execute("SELECT COUNT(*) FROM session").fetchone()[0]

        before = sessions()
        argv = [self.desktop.app, location] if how == "direct" else ["xdg-open", location]
        start = time.perf_counter()
        sender = subprocess.Popen(argv, env=self.env, stdout=self.desktop.log, stderr=self.desktop.log)
        exited = None
        while sessions() == before:
            if exited is None and sender.poll() is not None:
                exited = time.perf_counter()
            if time.perf_counter() - start > 30:
                raise SystemExit("the window did not store the handed-off sign-in")
            time.sleep(0.001)
        done = time.perf_counter()
        sender.wait(timeout=30)
        exited = exited or time.perf_counter()
        if sender.returncode != 0:
            raise SystemExit(f"{argv[0]} URI exited with {sender.returncode}")
        return (done - start) * 1000, (exited - start) * 1000
