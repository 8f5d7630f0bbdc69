"""bench/run's driver: runs every benchmark against its same-run baseline and prints the tables.
bench/run builds everything, starts the desktop session and calls this inside it."""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

import grants
import python_baseline
from desktop import Desktop
from handoff import Handoff
from processes import ROOT, Servers, run, timed_run
from stats import Table, summary

ALL = ("redirect", "window", "handoff", "token", "grants", "scale", "accounts", "micro")


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    debian = open("/etc/debian_version").read().strip() if os.path.exists("/etc/debian_version") else "?"
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": f"{cpu} × {os.cpu_count()}", "memory": f"{memory / 1024 / 1024:.0f} GiB",
        "os": f"Debian {debian}, Linux {platform.release()}",
        "swift": next((s for s in swift if "Swift version" in s), "?"),
        "python": platform.python_version(),
    }


def load():
    return "load average %.2f, %.2f, %.2f" % os.getloadavg()


def cpu_times():
    """The first line of /proc/stat: user nice system idle iowait irq softirq steal (clock ticks)."""
    return [int(v) for v in open("/proc/stat").readline().split()[1:9]]


def busy_and_steal(before, after):
    """Of all CPU time during the run: the share not idle, and the share stolen by the hypervisor
    (other virtual machines on the same host; invisible in the load average)."""
    delta = [b - a for a, b in zip(before, after)]
    total = sum(delta) or 1
    return f"busy {100 * (total - delta[3] - delta[4]) / total:.0f} %, steal {100 * delta[7] / total:.0f} %"


def rounds(n, count=5):
    """`n` split into up to `count` rounds (the redirect benchmark's engine and Authlib take turns)."""
    count = max(1, min(count, n))
    return [n // count + (1 if i < n % count else 0) for i in range(count)]


def main():
    parser = argparse.ArgumentParser(prog="bench/run")
    parser.add_argument("--iterations", type=int, default=20, help="timed runs per benchmark (default 20)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed runs first (default 3)")
    parser.add_argument("--only", default=",".join(ALL), help="comma-separated subset of " + ",".join(ALL))
    parser.add_argument("--markdown", help="also write the tables to this file")
    parser.add_argument("--json", help="also write the raw samples to this file")
    args = parser.parse_args()
    only = set(args.only.split(","))
    n, w = args.iterations, args.warmup
    env = os.environ
    app, bench, micro = env["BENCH_APP"], env["BENCH_ENGINE"], env["BENCH_MICRO"]
    scratch = env["BENCH_SCRATCH"]
    log = open(os.path.join(scratch, "processes.log"), "w")
    info = machine()
    info["load_before"] = load()
    start_times = cpu_times()
    print("## Machine\n")
    for key, value in info.items():
        print(f"- {key}: {value}")
    print(f"- iterations: {n} timed after {w} warm-up, per benchmark\n", flush=True)
    tables, raw = [], {"machine": info}

    def show(table):
        tables.append(table)
        print(table.render() + f"\n({load()})\n", flush=True)

    with Servers() as servers:
        github = servers.urls["github"]
        if "redirect" in only:
            # In rounds, engine then Authlib then the Python floor, so that the three see the same load
            # (each is its own process with its own warm-up; one long phase each let the load drift apart).
            engine, authlib, py_floor = {}, [], []
            for chunk in rounds(n):
                samples = json.loads(run([bench, "redirect", "--github", github, "--iterations", str(chunk),
                                          "--warmup", str(w)]))
                for key, values in samples.items():
                    engine.setdefault(key, []).extend(values)
                authlib += python_baseline.authlib_client(github, chunk, w)
                py_floor += python_baseline.http_client_floor(github, chunk, w)
            raw["redirect"] = dict(engine, authlib_ms=authlib, python_floor_ms=py_floor)
            t = Table("1. Redirect → account stored (loopback Authlib GitHub-like server)")
            t.add("engine: `Auth.completeRedirect`, signed out before (token, /user, /user/emails, SQLite + file "
                  "secrets; libsoup transport)", engine["redirect_ms"], baseline="Authlib OAuth2Session (requests)",
                  baseline_samples=authlib, target=1.2)
            t.add("… its provider leg alone (`providers.resume`)", engine["resume_ms"])
            t.add("… its account commit alone (`auth.signIn(with:)`)", engine["sign_in_ms"])
            t.add("… signed in as someone else before (that session ended, its token deleted after a sync)",
                  engine["replacing_ms"], baseline="Authlib OAuth2Session (requests)", baseline_samples=authlib)
            t.add("floor: the token, then /user and /user/emails at once (as the engine asks), the app's "
                  "transport (libsoup)", engine["together_floor_ms"])
            t.add("floor: the 3 round trips in turn, the app's transport (libsoup)", engine["floor_ms"])
            t.add("floor: the 3 round trips in turn, URLSession (libcurl)", engine["urlsession_floor_ms"])
            t.add("floor: the 3 round trips in turn, Python http.client (as Authlib asks)", py_floor)
            own = [a - b for a, b in zip(engine["redirect_ms"], engine["together_floor_ms"])]
            theirs = [a - b for a, b in zip(authlib, py_floor)]
            t.add("client-side time: engine − its floor (the GETs at once)", own,
                  baseline="Authlib − http.client floor",
                  baseline_samples=theirs)
            t.note("Each engine sample is paired with floor samples taken right after it (same process), the "
                   "Python ones likewise; 'client-side time' is the per-pair difference.")
            show(t)
        desktop = Desktop(app, env["BENCH_C_WINDOW"], env["BENCH_MAP_OBSERVER"], scratch, github, log,
                          adw_baseline=env["BENCH_C_ADW_WINDOW"])
        if "window" in only:
            r = desktop.window(n, w)
            raw["window"] = r
            t = Table("2. Cold start → window mapped (Xvfb, GSK_RENDERER=cairo)")
            t.add("`auth-desktop` (no arguments; execs `auth-desktop-window`): exec → MapNotify", r["app_ms"],
                  baseline="C GTK4 window", baseline_samples=r["c_ms"], target=1.3)
            t.add("`auth-desktop-window` directly: exec → MapNotify", r["window_ms"], baseline="C GTK4 window",
                  baseline_samples=r["c_ms"], target=1.3)
            t.add("reference: the C window made with libadwaita (as AuthDesktop's is): exec → MapNotify",
                  r["adw_ms"], baseline="C GTK4 window", baseline_samples=r["c_ms"])
            t.add("… `auth-desktop-window` against it", r["window_ms"], baseline="C libadwaita window",
                  baseline_samples=r["adw_ms"])
            t.add("peak RSS (VmHWM 1 s after the map), `auth-desktop`", r["app_mib"], unit="MiB",
                  baseline="C GTK4 window", baseline_samples=r["c_mib"])
            show(t)
        if "handoff" in only:
            r = Handoff(desktop).run(n, w)
            raw["handoff"] = r
            t = Table("3. Handoff: redirect URI → the running window has stored the sign-in")
            t.add("`auth-desktop URI` (second process, D-Bus) → session stored", r["direct_ms"], absolute=100)
            t.add("… the forwarding process itself: spawn → exit", r["direct_exit_ms"])
            t.add("`xdg-open URI` (desktop entry, `XDG_CURRENT_DESKTOP=GNOME`) → session stored", r["xdg_open_ms"])
            show(t)
        if "token" in only:
            r = desktop.token(n, w)
            raw["token"] = r
            t = Table("4. `auth-desktop token github.com` and `status --json` (signed in, gnome-keyring)")
            t.add("`auth-desktop token github.com` (the session-bus service answers): spawn → exit", r["token_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"], target=1.5)
            t.add("… the service not running (the command does the work and has the bus start it)", r["token_cold_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"])
            t.add("… no service installed (the command does the work)", r["token_direct_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"])
            t.add("`auth-desktop git-credential get` (github.com; the session-bus service answers): spawn → exit",
                  r["git_ms"], baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"],
                  target=1.5)
            t.add("… no service installed (the command does the work)", r["git_direct_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"])
            t.add("`auth-desktop token github.com --account EMAIL` (the session-bus service answers): spawn → exit",
                  r["token_account_ms"], baseline="`secret-tool lookup` (1 item)",
                  baseline_samples=r["secret_tool_ms"], target=1.5)
            t.add("… no service installed (the command does the work)", r["token_account_direct_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"])
            t.add("`auth-desktop status --json`: spawn → exit", r["status_ms"],
                  baseline="`secret-tool lookup` (1 item)", baseline_samples=r["secret_tool_ms"], target=1.5)
            t.add("the session-bus service's resident set (VmRSS) after the run", r["service_rss_mib"], unit="MiB")
            show(t)
        if "grants" in only:
            r = grants.granted_token(desktop, n, w)
            raw["grants"] = r
            t = Table("4b. `Accounts1.GetAccessToken` for a granted account, from a client that keeps its bus connection")
            t.add("`GetAccessToken` (the window's process, started by the bus): per call", r["token_ms"],
                  baseline="Secret Service lookup (SearchItems + GetSecrets), open session", baseline_samples=r["secret_ms"])
            t.add("… p99 of the calls", r["token_p99_ms"], baseline="… p99 of the lookups",
                  baseline_samples=r["secret_p99_ms"])
            show(t)
        if "scale" in only:
            show(scale(app, bench, scratch, n, w, raw))
        if "accounts" in only:
            show(accounts(app, bench, scratch, n, w, raw))
        if "micro" in only:
            show(micro_table(micro, raw))
    info["load_after"] = load()
    info["cpu_during_run"] = busy_and_steal(start_times, cpu_times())
    print(f"Load after: {info['load_after']}; CPU during the run: {info['cpu_during_run']}")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("## Machine\n\n" + "".join(f"- {k}: {v}\n" for k, v in info.items()))
            f.write(f"- iterations: {n} timed after {w} warm-up, per benchmark\n\n")
            f.write("\n".join(t.render() for t in tables))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)


def scale(app, bench, scratch, n, w, raw):
    directory = os.path.join(scratch, "scale")
    r = json.loads(run([bench, "scale", "--directory", directory, "--iterations", str(n), "--warmup", str(w)]))
    config = os.path.join(directory, "config.toml")
    with open(config, "w") as f:
        f.write('[app]\nsecret_store = "file"\n')
    for row in r["scale"]:
        row["status_cli_ms"] = []
    for index in range(w + n):  # the sizes in turns, so they see the same load
        for row in r["scale"]:
            elapsed, out = timed_run([app, "status", "--json", "--config", config, "--data-dir", row["data_dir"]])
            if '"signedIn":true' not in out.replace(" ", ""):
                raise SystemExit(f"status on {row['count']} accounts: {out}")
            if index >= w:
                row["status_cli_ms"].append(elapsed)
    raw["scale"] = r["scale"]
    t = Table("5. Store scale (users with one GitHub identity each; in-memory secrets)")
    base = r["scale"][0]
    for key, label in (("sign_in_ms", "provider sign-in of a known identity"), ("link_ms", "link a new provider"),
                       ("current_user_ms", "current user, in-process (`auth.currentUser()`)"),
                       ("status_cli_ms", "`auth-desktop status --json` process")):
        for row in r["scale"]:
            first = row is base
            t.add(f"{label}, {row['count']:,} accounts", row[key],
                  baseline=None if first else f"same, {base['count']:,}",
                  baseline_samples=None if first else base[key], target=None if first else 1.5)
    t.note("Seeding: " + ", ".join(f"{row['count']:,} in {row['seed_ms'] / 1000:.1f} s" for row in r["scale"]))
    return t


def accounts(app, bench, scratch, n, w, raw):
    """Several signed-in users: listing and choosing by email with 1,000 signed in against 1, in-process
    and as `auth-desktop accounts --json` and `accounts` (text), `status --json --account EMAIL` and
    `token --account` processes."""
    directory = os.path.join(scratch, "signed-in")
    r = json.loads(run([bench, "accounts", "--directory", directory, "--iterations", str(n), "--warmup", str(w)]))
    config = os.path.join(directory, "config.toml")
    with open(config, "w") as f:
        f.write('[app]\nsecret_store = "file"\n')
    for row in r["accounts"]:
        for key in ("accounts_cli_ms", "accounts_text_cli_ms", "status_account_cli_ms", "token_account_cli_ms"):
            row[key] = []
    for index in range(w + n):  # the sizes in turns, so they see the same load
        for row in r["accounts"]:
            common = ["--json", "--config", config, "--data-dir", row["data_dir"]]
            listed_ms, listed = timed_run([app, "accounts"] + common)
            text_ms, text = timed_run([app, "accounts", "--config", config, "--data-dir", row["data_dir"]])
            chosen_ms, chosen = timed_run([app, "status", "--account", row["account"]] + common)
            token_ms, token = timed_run([app, "token", "github.com", "--account", row["account"]] + common)
            if (listed.count('"uid"') < row["count"] or len(text.splitlines()) != row["count"]
                    or row["account"] not in chosen or "accessToken" not in token):
                raise SystemExit(f"accounts, status or token --account on {row['count']} users: {chosen} {token}")
            if index >= w:
                row["accounts_cli_ms"].append(listed_ms)
                row["accounts_text_cli_ms"].append(text_ms)
                row["status_account_cli_ms"].append(chosen_ms)
                row["token_account_cli_ms"].append(token_ms)
    raw["accounts"] = r["accounts"]
    t = Table("5b. Several signed-in users (a GitHub identity each; only `token` reads a secret, from the file store)")
    base = r["accounts"][0]
    for key, label in (("list_ms", "list the signed-in users, in-process (`auth.signedInUsers()`)"),
                       ("choose_ms", "choose one by email, in-process (`auth.chooseUser`)"),
                       ("accounts_cli_ms", "`auth-desktop accounts --json` process"),
                       ("accounts_text_cli_ms", "`auth-desktop accounts` process (text)"),
                       ("status_account_cli_ms", "`auth-desktop status --json --account EMAIL` process"),
                       ("token_account_cli_ms", "`auth-desktop token github.com --account EMAIL` process (file secrets)")):
        for row in r["accounts"]:
            first = row is base
            t.add(f"{label}, {row['count']:,} signed in", row[key],
                  baseline=None if first else f"same, {base['count']:,}",
                  baseline_samples=None if first else base[key], target=None if first else 1.2)
    return t


def micro_table(micro, raw):
    out = run([micro, "--format", "json", "--quiet"])
    swift = json.loads(out)
    python = python_baseline.micro()
    raw["micro"] = {"swift": swift, "python": python}
    t = Table("6. Per operation (google/swift-benchmark; Python: Authlib, timeit)")
    for bench in swift["benchmarks"]:
        name = bench["name"]
        per_op = bench["time"] / 1000  # ns → µs
        base = python.get(name)
        t.add(f"`{name}`", [per_op], unit="µs", baseline="Authlib / hashlib" if base else None, baseline_samples=base)
    t.note("swift-benchmark reports one figure per benchmark, the median over an auto-chosen number of "
           "iterations; the Python column is the median of 7 timeit runs.")
    return t


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
