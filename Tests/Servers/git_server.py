"""A git smart-HTTP server on 127.0.0.1 that accepts only the GitHub-like server's access tokens.

    python Tests/Servers/git_server.py --root DIR --github http://127.0.0.1:P

`git http-backend` (git's own CGI program) serves the repositories under DIR (clone, fetch, push).
Every request must carry HTTP Basic credentials whose password is an access token the GitHub-like
server (github_server.py) issued and has not revoked: the server checks each one with `GET /user`
there, at every request, so a revoked token is refused at once. Without credentials the answer is
401 with `WWW-Authenticate: Basic`, which makes git ask its credential helpers.

When listening it prints one JSON line, `{"url": "http://127.0.0.1:P"}`, and it exits when stdin
reaches EOF (the same contract as servers.py).

Control (tests only):
  GET /_test/log   {"requests": [{"method", "path", "login", "status"}]}: each git request, with the
                   login of the token's user (null when refused)
"""

import argparse
import base64
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = []
LOCK = threading.Lock()


def token_user(github, token):
    """The login of the GitHub-like server's user for `token`, or None when it refuses the token."""
    request = urllib.request.Request(f"{github}/user", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer).get("login")
    except (urllib.error.URLError, ValueError):
        return None


def basic_password(header):
    if not header or not header.lower().startswith("basic "):
        return None
    try:
        decoded = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return decoded.partition(":")[2] or None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/_test/log":
            with LOCK:
                body = json.dumps({"requests": list(LOG)}).encode()
            return self.reply(200, [("Content-Type", "application/json")], body)
        self.git()

    def do_POST(self):
        self.git()

    def reply(self, status, headers, body):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def git(self):
        body = self.body()
        path, _, query = self.path.partition("?")
        password = basic_password(self.headers.get("Authorization"))
        login = token_user(self.server.github, password) if password else None
        with LOCK:
            LOG.append({"method": self.command, "path": path, "login": login,
                        "status": 200 if login else 401})
        if not login:
            return self.reply(401, [("WWW-Authenticate", 'Basic realm="auth-desktop tests"')], b"")
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": self.server.root, "GIT_HTTP_EXPORT_ALL": "1",
            "REQUEST_METHOD": self.command, "PATH_INFO": path, "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""), "CONTENT_LENGTH": str(len(body)),
            "REMOTE_USER": login, "REMOTE_ADDR": "127.0.0.1",
            "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
            "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
        }
        out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
        head, _, content = out.partition(b"\r\n\r\n")
        if not _:
            head, _, content = out.partition(b"\n\n")
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.reply(status, headers, content)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--github", required=True)
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.root, server.github = options.root, options.github.rstrip("/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdout.write(json.dumps({"url": f"http://127.0.0.1:{server.server_address[1]}"}) + "\n")
    sys.stdout.flush()
    try:
        while sys.stdin.buffer.read1(65536):
            pass
    except (OSError, ValueError):
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
