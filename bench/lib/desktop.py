"""The benchmarks that need the desktop session (Xvfb, the private bus, the unlocked gnome-keyring):
2. cold start → window mapped (and peak RSS), 4. `auth-desktop token` and `status --json` against
`secret-tool lookup`. The handoff (3.) is in handoff.py."""

import json
import os
import subprocess
import time

import requests

from processes import (SERVICE_NAME, end_service, kill, name_has_owner, peak_rss_mib, read_line, rss_mib, run, service_process,
                       timed_run, wait_until)

APP_ID = "dev.authdesktop.AuthDesktop"
BASELINE_ID = "dev.authdesktop.BenchBaseline"
REDIRECT = "dev.authdesktop.authdesktop:/oauth2redirect/github.com"


class Desktop:
    """A configuration for a new client of the Authlib GitHub-like server (secrets in gnome-keyring, the
    default), a data dir, and the environment the app's processes get."""

    def __init__(self, app, baseline, observer, scratch, github, log, adw_baseline):
        self.app, self.baseline, self.observer, self.log = app, baseline, observer, log
        self.adw_baseline = adw_baseline
        self.window_binary = os.path.join(os.path.dirname(app), "auth-desktop-window")
        self.home = os.path.join(scratch, "desktop")
        os.makedirs(self.home, exist_ok=True)
        client = requests.post(f"{github}/_test/clients", json={"redirect_uris": [REDIRECT]}, timeout=10).json()
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
        """`auth-desktop` (which execs `auth-desktop-window`), `auth-desktop-window` itself, the C window
        and the C libadwaita window (a reference), in turns so that all four see the same load."""
        kinds = {"app": ([self.app], APP_ID), "window": ([self.window_binary], APP_ID),
                 "c": ([self.baseline], BASELINE_ID), "adw": ([self.adw_baseline], BASELINE_ID)}
        result = {f"{kind}_{unit}": [] for kind in kinds for unit in ("ms", "mib")}
        for index in range(warmup + iterations):
            for kind, (argv, name) in kinds.items():
                elapsed, rss = self.launch(argv, name, settle)
                if index >= warmup:
                    result[f"{kind}_ms"].append(elapsed)
                    result[f"{kind}_mib"].append(rss)
        return result

    # The sign-in the token benchmark reads, made from the command line.
    def sign_in(self):
        """A custom-scheme sign-in nobody waits for (`--no-wait`): the browser's part played here, then
        `auth-desktop URI` completes it in its own process."""
        out = run([self.app, "sign-in", "github.com", "--no-browser", "--no-wait", "--json"], env=self.env)
        url = json.loads(out.splitlines()[0])["authorizationURL"]
        location = requests.get(url, allow_redirects=False, timeout=10).headers["Location"]
        run([self.app, location], env=self.env)
        if not self.signed_in():
            raise SystemExit("the command-line sign-in did not sign in")

    def signed_in(self):
        status = run([self.app, "status", "--json"], env=self.env)
        return '"signedIn":true' in status.replace(" ", "")

    def account_name(self):
        """How `--account` names the signed-in user: its email, else its uid."""
        user = json.loads(run([self.app, "status", "--json"], env=self.env))["user"]
        return user.get("email") or user["uid"]

    # 4. token and status.
    def token(self, iterations, warmup):
        """`auth-desktop token github.com` (a valid token in gnome-keyring) and `auth-desktop status
        --json` against `secret-tool lookup` of one item in the same keyring, in turns. `token` three
        ways, after `install` as a user has it: answered by the running session-bus service (the
        window's process, started by the bus, without a window); with the service ended first (a session's
        first call, or one after 10 idle minutes: the command does the work itself and has the bus start
        the service); and with its service
        file moved away, so that the command does the work itself. `git-credential get` for github.com
        (what git runs for every clone, fetch and push) and `token --account EMAIL` both ways too. The
        service's resident set (VmRSS) after the run."""
        run([self.app, "install"], env=self.env)
        service = os.path.join(os.environ["XDG_DATA_HOME"], "dbus-1/services", f"{APP_ID}.Accounts.service")
        if not self.signed_in():
            self.sign_in()
        run(["secret-tool", "store", "--label=AuthDesktop bench", "service", "auth-desktop-bench", "item", "one"],
            input="gho_" + "x" * 36)
        result = {"token_ms": [], "token_cold_ms": [], "token_direct_ms": [], "status_ms": [], "secret_tool_ms": [],
                  "git_ms": [], "git_direct_ms": [], "token_account_ms": [], "token_account_direct_ms": []}
        account = self.account_name()
        git_request = "protocol=https\nhost=github.com\n\n"
        for index in range(warmup + iterations):
            token_ms, token = timed_run([self.app, "token", "github.com"], env=self.env)
            account_ms, by_account = timed_run([self.app, "token", "github.com", "--account", account], env=self.env)
            git_ms, git = timed_run([self.app, "git-credential", "get"], env=self.env, input=git_request)
            end_service()
            cold_ms, cold = timed_run([self.app, "token", "github.com"], env=self.env)
            # The cold call did the work itself and had the bus start the service: wait for it and let it
            # open the store (untimed), so that its start takes no time from the runs below.
            wait_until("the bus to start the session-bus service", lambda: name_has_owner(SERVICE_NAME))
            run([self.app, "token", "github.com"], env=self.env)
            os.rename(service, service + ".away")
            try:
                direct_ms, direct = timed_run([self.app, "token", "github.com"], env=self.env)
                git_direct_ms, git_direct = timed_run(
                    [self.app, "git-credential", "get"], env=self.env, input=git_request)
                account_direct_ms, by_account_direct = timed_run(
                    [self.app, "token", "github.com", "--account", account], env=self.env)
            finally:
                os.rename(service + ".away", service)
            lookup_ms, secret = timed_run(["secret-tool", "lookup", "service", "auth-desktop-bench", "item", "one"])
            status_ms, status = timed_run([self.app, "status", "--json"], env=self.env)
            signed_in = '"signedIn":true' in status.replace(" ", "")
            answered = f"password={token.strip()}\n"
            if not token.startswith("gh") or cold != token or direct != token or not secret.startswith("gho_") \
                    or not signed_in or answered not in git or answered not in git_direct \
                    or by_account != token or by_account_direct != token:
                raise SystemExit("token, status or secret-tool printed something unexpected")
            if index >= warmup:
                for key, value in [("token_ms", token_ms), ("token_cold_ms", cold_ms),
                                   ("token_direct_ms", direct_ms), ("status_ms", status_ms),
                                   ("secret_tool_ms", lookup_ms), ("git_ms", git_ms),
                                   ("git_direct_ms", git_direct_ms), ("token_account_ms", account_ms),
                                   ("token_account_direct_ms", account_direct_ms)]:
                    result[key].append(value)
        result["service_rss_mib"] = [rss_mib(service_process())]
        return result
