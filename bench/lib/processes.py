"""Process helpers of bench/run: the Authlib servers, timed commands, D-Bus names, peak RSS."""

import json
import os
import select
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Servers:
    """Tests/Servers/servers.py on random loopback ports; it exits when our stdin pipe closes."""

    def __enter__(self):
        log = open(os.path.join(os.environ.get("BENCH_SCRATCH", "/tmp"), "servers.log"), "w")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests/Servers/servers.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("servers.py exited before it was ready (see servers.log in the scratch dir)")
        self.urls = json.loads(line)
        return self

    def __exit__(self, *_):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def timed_run(argv, env=None, input=None, check=True):
    """Milliseconds from spawning `argv` to its exit, its output read from the pipe as it comes, and its
    stdout. The output is decoded after the clock stops: decoding is this script's work, not the
    command's (0.7 to 2 ms of Python for the 390 KB of `accounts --json` with 1,000 users)."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, input=None if input is None else input.encode(), capture_output=True)
    elapsed = (time.perf_counter() - start) * 1000
    stdout, stderr = done.stdout.decode(), done.stderr.decode()
    if check and done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:3])} failed ({done.returncode}): {stderr.strip()[:500]}")
    return elapsed, stdout


def run(argv, env=None, input=None):
    return timed_run(argv, env=env, input=input)[1]


SERVICE_NAME = "dev.authdesktop.AuthDesktop.Accounts"


def name_has_owner(name, env=None):
    out = subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", "org.freedesktop.DBus.NameHasOwner", name], capture_output=True, text=True, env=env)
    return "true" in out.stdout


def service_process(env=None):
    """The process id of the session-bus service (the window's process), or None when nothing owns its name."""
    out = subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", SERVICE_NAME], capture_output=True,
        text=True, env=env)
    return int(out.stdout.strip("()\n ,").split()[-1]) if out.returncode == 0 else None


def end_service(env=None):
    """Ends the session-bus service (SIGKILL) if it runs, and waits until its name has no owner."""
    pid = service_process(env)
    if pid is None:
        return
    os.kill(pid, 9)
    wait_until("the session-bus service to leave the bus", lambda: not name_has_owner(SERVICE_NAME, env))


def wait_until(what, condition, timeout=30.0, interval=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(interval)
    raise SystemExit(f"timed out waiting for {what}")


def peak_rss_mib(pid):
    """VmHWM (peak resident set) of a running process, in MiB."""
    return status_mib(pid, "VmHWM")


def rss_mib(pid):
    """VmRSS (resident set now) of a running process, in MiB."""
    return status_mib(pid, "VmRSS")


def status_mib(pid, field):
    """A size field of /proc/PID/status (kB there), in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise SystemExit(f"no {field} for {pid}")


def read_line(stream, timeout, what):
    ready, _, _ = select.select([stream], [], [], timeout)
    if not ready:
        raise SystemExit(f"timed out waiting for {what}")
    return stream.readline()


def kill(process):
    """SIGKILL (processes started under the test runner's harness were seen to ignore SIGTERM)."""
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)
