#!/usr/bin/python3
"""The web browser of the window tests, registered as the default x-scheme-handler/http(s) in a
private XDG dir. It appends the URL it is given to $AUTH_DESKTOP_TEST_BROWSER_LOG and, when
$AUTH_DESKTOP_TEST_BROWSER_MODE is "play", plays the user who approves: it fetches the authorization
URL (the test servers approve at once and redirect), reads the Location, and follows it the way a
browser would: an http://127.0.0.1 redirect is fetched (the app's loopback listener), any other
scheme is handed to `xdg-open` (the app's custom scheme, through its .desktop file)."""
import os
import subprocess
import sys
import urllib.error
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def log(line):
    with open(os.environ["AUTH_DESKTOP_TEST_BROWSER_LOG"], "a", encoding="utf-8") as file:
        file.write(line + "\n")


def main(url):
    log("open " + url)
    if os.environ.get("AUTH_DESKTOP_TEST_BROWSER_MODE") != "play":
        return 0
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(url, timeout=10)
        log("error: the authorization endpoint did not redirect")
        return 1
    except urllib.error.HTTPError as answer:
        location = answer.headers.get("Location")
    if not location:
        log("error: no Location")
        return 1
    log("redirect " + location)
    if location.startswith("http://127.0.0.1"):
        with urllib.request.urlopen(location, timeout=10) as page:
            log(f"loopback {page.status}")
    else:
        subprocess.run(["xdg-open", location], check=True, timeout=30)
        log("xdg-open done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
