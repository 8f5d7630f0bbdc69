"""Start the OAuth test servers and the Identity Toolkit test server; print where they listen.

    python Tests/Servers/servers.py [--ignore-stdin]

Each server listens on 127.0.0.1 with an ephemeral port (waitress, a threaded WSGI server that keeps
HTTP/1.1 connections alive as real providers do; Werkzeug's development server closes every
connection). When all four are listening, exactly one line of JSON goes to stdout:

    {"github": "http://127.0.0.1:P1", "twitter": "http://127.0.0.1:P2", "oidc": "http://127.0.0.1:P3",
     "identitytoolkit": "http://127.0.0.1:P4"}

The process then lives until its stdin reaches EOF (the parent test process holds the write end
of a pipe; when that process dies, the servers die too) or until SIGTERM/SIGINT. With
`--ignore-stdin` only a signal stops it (for running by hand with stdin at /dev/null).
Logs go to stderr; request logging is off.
"""

import json
import logging
import os
import signal
import sys
import threading

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback
sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from waitress.server import create_server  # noqa: E402

import github_server  # noqa: E402
import identity_toolkit_server  # noqa: E402
import oidc_server  # noqa: E402
import twitter_server  # noqa: E402


def _exit_now(*_):
    # os._exit: no waiting for request threads, no atexit work, nothing left behind.
    os._exit(0)


def main():
    signal.signal(signal.SIGTERM, _exit_now)
    signal.signal(signal.SIGINT, _exit_now)
    signal.signal(signal.SIGHUP, _exit_now)
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="servers.py %(name)s %(levelname)s: %(message)s")
    logging.getLogger("waitress").setLevel(logging.ERROR)  # no "Serving on …" lines (waitress logs no access)

    urls = {}
    for name, module in (("github", github_server), ("twitter", twitter_server),
                         ("oidc", oidc_server),
                         ("identitytoolkit", identity_toolkit_server)):
        # Each server has its own socket map and worker threads; the Identity Toolkit server calls the
        # provider servers from inside a request, and the Swift tests run in parallel.
        srv = create_server(module.create_app(), host="127.0.0.1", port=0, threads=8, ident="auth-desktop-tests")
        threading.Thread(target=srv.run, name=name, daemon=True).start()
        urls[name] = f"http://127.0.0.1:{srv.effective_port}"

    sys.stdout.write(json.dumps(urls) + "\n")
    sys.stdout.flush()

    if "--ignore-stdin" in sys.argv[1:]:
        while True:
            signal.pause()
    try:
        while sys.stdin.buffer.read1(65536):
            pass  # anything written to us is ignored; only EOF matters
    except (OSError, ValueError, AttributeError):  # no usable stdin counts as EOF
        pass
    _exit_now()


if __name__ == "__main__":
    main()
