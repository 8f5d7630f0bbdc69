"""Self-check of the test servers: start servers.py, play browser and client, check faults.

    python Tests/Servers/selfcheck.py

Runs the GitHub, Twitter, OIDC and Identity Toolkit checks (selfcheck_*.py), then the process-lifetime checks
(stdin EOF, SIGTERM, parent killed). Prints one line per check and a closing
"N passed, N failed" line; exits non-zero on any failure.
"""

import base64
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from urllib.parse import parse_qs, urlsplit

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
SERVERS = os.path.join(HERE, "servers.py")
sys.path.insert(0, HERE)
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"


class Checker:
    """Counts results; `check` never raises so one failure doesn't hide the others."""

    def __init__(self):
        self.passed, self.failed = 0, []

    def check(self, cond, what, detail=None):
        if cond:
            self.passed += 1
            print(f"ok    {what}")
        else:
            self.failed.append(what)
            print(f"FAIL  {what}" + (f"  -- {detail!r}" if detail is not None else ""))
        return bool(cond)

    def section(self, fn, *args):
        """Run one group of checks; an exception counts as one failure."""
        try:
            fn(self, *args)
        except Exception as exc:  # noqa: BLE001
            import traceback
            traceback.print_exc()
            self.check(False, f"{fn.__name__} raised {type(exc).__name__}: {exc}")


def pkce_pair():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(
        hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def browse(url, params):
    """GET like a browser would, without following; return (status, raw Location, query dict)."""
    resp = requests.get(url, params=params, allow_redirects=False, timeout=10)
    loc = resp.headers.get("Location")
    query = {k: v[0] for k, v in parse_qs(urlsplit(loc).query).items()} if loc else {}
    return resp.status_code, loc, query


def start_servers(extra_args=()):
    """Start servers.py; return (process, urls, seconds until the ready line)."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, SERVERS, *extra_args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    return proc, json.loads(line), time.monotonic() - t0


def gone(pid, within=3.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:  # reap if it is our child
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            pass
        time.sleep(0.05)
    return False


def check_lifetime(c):
    proc, urls, _ = start_servers()
    c.check(set(urls) == {"github", "twitter", "oidc", "identitytoolkit"}
            and all(u.startswith("http://127.0.0.1:") for u in urls.values()),
            "ready line has github/twitter/oidc/identitytoolkit loopback URLs", urls)
    proc.stdin.close()
    c.check(gone(proc.pid), "servers exit promptly on stdin EOF")

    proc, _, _ = start_servers()
    proc.send_signal(signal.SIGTERM)
    c.check(gone(proc.pid), "servers exit promptly on SIGTERM")

    # A parent that holds the stdin pipe, killed with SIGKILL: the grandchild must go too.
    parent_code = ("import subprocess,sys,time;"
                   f"p=subprocess.Popen([sys.executable,{SERVERS!r}],stdin=subprocess.PIPE,"
                   "stdout=subprocess.PIPE);p.stdout.readline();print(p.pid,flush=True);"
                   "time.sleep(60)")
    parent = subprocess.Popen([sys.executable, "-c", parent_code], stdout=subprocess.PIPE,
                              text=True)
    child_pid = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    c.check(gone(child_pid), "servers exit when the parent holding stdin is killed (no orphan)")


def main():
    import selfcheck_github
    import selfcheck_identity_toolkit
    import selfcheck_oidc
    import selfcheck_twitter

    c = Checker()
    proc, urls, ready = start_servers()
    print(f"servers.py ready in {ready:.2f} s: {urls}")
    try:
        c.section(selfcheck_github.run, urls["github"])
        c.section(selfcheck_twitter.run, urls["twitter"])
        c.section(selfcheck_oidc.run, urls["oidc"])
        c.section(selfcheck_identity_toolkit.run, urls)
    finally:
        proc.stdin.close()
        c.check(gone(proc.pid), "servers exit after the run")
    c.section(check_lifetime)
    print(f"{c.passed} passed, {len(c.failed)} failed")
    for what in c.failed:
        print(f"  failed: {what}")
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
