#!/usr/bin/python3
"""The web browser of the window tests, registered as the default x-scheme-handler/http(s) in a
private XDG dir. It appends the URL it is given to $AUTH_DESKTOP_TEST_BROWSER_LOG and, when
$AUTH_DESKTOP_TEST_BROWSER_MODE is "play", plays the user who approves: it fetches the authorization
URL (the test servers approve at once and redirect), reads the Location, and follows it the way a
browser would. In "consent" mode the authorization URL shows the provider emulator's consent page:
it submits the first identity's form (its hidden fields, action=approve; in "deny" mode the user
declines instead, action=deny) and follows the answer's Location the same way: an http://127.0.0.1 redirect is fetched (the app's loopback listener), any other
scheme is handed to `xdg-open` (the app's custom scheme, through its .desktop file)."""
import html
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def log(line):
    with open(os.environ["AUTH_DESKTOP_TEST_BROWSER_LOG"], "a", encoding="utf-8") as file:
        file.write(line + "\n")


def main(url):
    log("open " + url)
    mode = os.environ.get("AUTH_DESKTOP_TEST_BROWSER_MODE")
    if mode not in ("play", "consent", "deny"):
        return 0
    opener = urllib.request.build_opener(NoRedirect)
    request = url
    if mode in ("consent", "deny"):
        request = consent(opener, url, "approve" if mode == "consent" else "deny")
    try:
        opener.open(request, timeout=10)
        log("error: no redirect")
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


def consent(opener, url, action):
    """The POST that answers the consent page (`approve` as its first identity, or `deny`)."""
    with opener.open(url, timeout=10) as page:
        text = page.read().decode("utf-8")
    form = text.split("<form", 1)[1].split("</form>", 1)[0]
    fields = [(html.unescape(name), html.unescape(value))
              for name, value in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', form)]
    fields.append(("action", action))
    parts = urllib.parse.urlsplit(url)
    target = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/consent", "", ""))
    log(f"consent {action} " + dict(fields).get("identity", "?"))
    return urllib.request.Request(target, data=urllib.parse.urlencode(fields).encode(), method="POST")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
