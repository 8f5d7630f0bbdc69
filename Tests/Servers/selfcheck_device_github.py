"""Self-check of the GitHub-like device flow (RFC 8628 as GitHub does it): the code answer
(form or JSON), approval on the page and denial by the control endpoint, interval enforcement and
slow_down growth, expiry, the client log, and the poll errors GitHub answers with HTTP 200.
Run through selfcheck_device.py by selfcheck_github.py."""

import re
import time

import requests

from selfcheck_device_support import GRANT, JSON, clock, control, form_of


# --- GitHub-like -----------------------------------------------------------------------------

def gh_client(base, **body):
    return requests.post(f"{base}/_test/clients", json=body, timeout=10).json()


def gh_code(base, cl, scope="read:user user:email", headers=JSON):
    return requests.post(f"{base}/login/device/code", headers=headers, timeout=10,
                         data={"client_id": cl["client_id"], "scope": scope})


def gh_poll(base, cl, device_code, headers=JSON, grant_type=GRANT):
    return requests.post(f"{base}/login/oauth/access_token", headers=headers, timeout=10, data={
        "client_id": cl["client_id"], "device_code": device_code, "grant_type": grant_type})


def gh_log(base, cl):
    return requests.get(f"{base}/_test/clients/{cl['client_id']}/log", timeout=10).json()


def run_github(c, base):
    print(f"--- GitHub-like device flow {base}")
    cl = gh_client(base, device_interval=0)
    r = gh_code(base, cl, headers={})
    d = form_of(r)
    c.check(r.status_code == 200 and r.headers["Content-Type"].startswith(
        "application/x-www-form-urlencoded") and set(d) == {
        "device_code", "user_code", "verification_uri", "expires_in", "interval"},
        "gh device: code answer form-encoded, no verification_uri_complete", r.text)
    c.check(re.fullmatch(r"[0-9a-f]{40}", d.get("device_code", "")) is not None
            and re.fullmatch(r"[A-Z]{4}-[A-Z]{4}", d.get("user_code", "")) is not None
            and d.get("verification_uri") == f"{base}/login/device"
            and d.get("expires_in") == "900" and d.get("interval") == "0",
            "gh device: device_code 40 hex, user_code XXXX-XXXX, verification_uri, expires_in", d)
    r = gh_code(base, gh_client(base), headers=JSON)
    j = r.json()
    c.check(r.status_code == 200 and j.get("interval") == 5 and j.get("expires_in") == 900
            and "verification_uri_complete" not in j, "gh device: JSON answer, defaults 900/5", j)

    # Pending is HTTP 200 (form by default), then approve on the page like a user.
    r = gh_poll(base, cl, d["device_code"], headers={})
    c.check(r.status_code == 200 and form_of(r).get("error") == "authorization_pending"
            and "access_token" not in r.text,
            "gh device: pending poll -> HTTP 200 error=authorization_pending",
            (r.status_code, r.text))
    page = requests.get(f"{base}/login/device", params={"user_code": d["user_code"].lower()},
                        timeout=10)
    c.check(page.status_code == 200 and 'name="user_code"' in page.text
            and 'value="approve"' in page.text and d["user_code"].lower() in page.text,
            "gh device: the page shows the code form")
    loose = d["user_code"].lower().replace("-", "")
    r = requests.post(f"{base}/login/device", data={"user_code": loose, "action": "approve"},
                      timeout=10)
    c.check(r.status_code == 200 and "approved" in r.text,
            "gh device: the page approves (code typed loosely)", r.status_code)
    r = gh_poll(base, cl, d["device_code"])
    tok = r.json()
    c.check(r.status_code == 200 and tok.get("access_token", "").startswith("gho_")
            and tok.get("token_type") == "bearer" and tok.get("scope") == "read:user,user:email",
            "gh device: approved poll -> gho_ token, comma scope", tok)
    me = requests.get(f"{base}/user", timeout=10,
                      headers={"Authorization": f"Bearer {tok.get('access_token')}"})
    c.check(me.status_code == 200 and me.json().get("login") == "octocat",
            "gh device: token works on /user")
    r = gh_poll(base, cl, d["device_code"])
    c.check(r.status_code == 200 and r.json().get("error") == "incorrect_device_code",
            "gh device: an approved device code is single use", r.text)
    c.check(control(base, d["user_code"], "approve").status_code == 409,
            "gh device: approving a used code again -> 409")

    # Deny through the control endpoint.
    d = gh_code(base, cl).json()
    r = control(base, d["user_code"], "deny")
    c.check(r.status_code == 200 and r.json().get("status") == "denied", "gh device: control deny",
            r.text)
    r = gh_poll(base, cl, d["device_code"])
    c.check(r.status_code == 200 and r.json().get("error") == "access_denied",
            "gh device: denied -> HTTP 200 access_denied", r.text)
    r = requests.post(f"{base}/login/device", timeout=10,
                      data={"user_code": d["user_code"], "action": "approve"})
    c.check(r.status_code == 409, "gh device: the page cannot approve a denied code", r.status_code)

    gh_timing(c, base)
    gh_clock(c, base)
    gh_errors(c, base, cl)


def gh_timing(c, base):
    """Interval enforcement, slow_down growth, forced slow_downs, expiry (one shared 1.1 s wait)."""
    fast = gh_client(base, device_interval=1)
    d_fast = gh_code(base, fast).json()
    slow = gh_client(base, device_interval=1)
    d_slow = gh_code(base, slow).json()
    short = gh_client(base, device_interval=0, device_expires_in=1)
    d_short = gh_code(base, short).json()

    first = gh_poll(base, fast, d_fast["device_code"]).json()
    again = gh_poll(base, fast, d_fast["device_code"])
    c.check(first.get("error") == "authorization_pending" and again.status_code == 200
            and again.json().get("error") == "slow_down" and again.json().get("interval") == 6,
            "gh device: a poll sooner than the interval -> HTTP 200 slow_down, interval 1+5",
            again.text)
    again = gh_poll(base, fast, d_fast["device_code"]).json()
    c.check(again.get("error") == "slow_down" and again.get("interval") == 11,
            "gh device: each early poll adds 5 s more", again)
    first = gh_poll(base, slow, d_slow["device_code"]).json()
    pending = gh_poll(base, short, d_short["device_code"]).json()
    time.sleep(1.1)
    later = gh_poll(base, slow, d_slow["device_code"]).json()
    c.check(first.get("error") == later.get("error") == "authorization_pending",
            "gh device: a poll after the interval stays pending (no slow_down)", later)
    expired = gh_poll(base, short, d_short["device_code"])
    c.check(pending.get("error") == "authorization_pending" and expired.status_code == 200
            and expired.json().get("error") == "expired_token",
            "gh device: after device_expires_in -> HTTP 200 expired_token", expired.text)
    c.check(control(base, d_short["user_code"], "approve").status_code == 410,
            "gh device: approving an expired code -> 410")

    forced = gh_client(base, device_interval=0, device_slow_down=2, device_slow_down_step=0)
    d = gh_code(base, forced).json()
    got = [gh_poll(base, forced, d["device_code"]).json().get("error") for _ in range(3)]
    c.check(got == ["slow_down", "slow_down", "authorization_pending"],
            "gh device: device_slow_down=2 -> the first 2 polls slow_down", got)

    log = gh_log(base, fast)
    polls = [e for e in log.get("device", []) if e["kind"] == "poll"]
    c.check([e["result"] for e in polls] == ["authorization_pending", "slow_down", "slow_down"]
            and [e["interval"] for e in polls] == [1, 6, 11]
            and all(isinstance(e["t"], float) for e in polls)
            and polls[0]["t"] <= polls[1]["t"] <= polls[2]["t"]
            and [e["kind"] for e in log["device"]][0] == "code",
            "gh device: log has the code request and each poll with time, result, interval", log)
    c.check(len(log["requests"]) == 3
            and all(isinstance(e.get("t"), float) for e in log["requests"]),
            "gh device: token-endpoint request log entries carry t")
    text = str(log) + str(gh_log(base, short))
    c.check(d_fast["device_code"] not in text and d_fast["user_code"] not in text
            and d_short["device_code"] not in text, "gh device: the log holds no codes")


def gh_clock(c, base):
    """device_clock: manual: only POST /_test/device/clock moves the interval and expiry."""
    cl = gh_client(base, device_interval=5, device_expires_in=20, device_clock="manual")
    d = gh_code(base, cl).json()
    first = gh_poll(base, cl, d["device_code"]).json()
    moved = clock(base, d["user_code"], 5)
    paced = gh_poll(base, cl, d["device_code"]).json()
    c.check(first.get("error") == paced.get("error") == "authorization_pending"
            and moved.status_code == 200 and moved.json().get("client_id") == cl["client_id"],
            "gh device: a poll 5 s later on the device clock is not early", paced)
    clock(base, d["user_code"], 15)
    expired = gh_poll(base, cl, d["device_code"]).json()
    c.check(expired.get("error") == "expired_token", "gh device: the device clock expires the code",
            expired)
    times = [e["t"] for e in gh_log(base, cl)["device"]]
    c.check([b - a for a, b in zip(times, times[1:])] == [0, 5, 15],
            "gh device: the log reads the manual clock", times)
    real = gh_client(base)
    c.check(clock(base, "BBBB-BBBB", 1).status_code == 404
            and clock(base, d["user_code"], -1).status_code == 400
            and clock(base, gh_code(base, real).json()["user_code"], 1).status_code == 409,
            "gh device: the clock of an unknown code -> 404, a negative advance -> 400, a real one -> 409")


def gh_errors(c, base, cl):
    r = gh_poll(base, cl, "0" * 40)
    c.check(r.status_code == 200 and r.json().get("error") == "incorrect_device_code",
            "gh device: unknown device code -> HTTP 200 incorrect_device_code", r.text)
    other = gh_client(base)
    d = gh_code(base, other).json()
    r = gh_poll(base, cl, d["device_code"])
    c.check(r.json().get("error") == "incorrect_device_code",
            "gh device: another client's device code -> incorrect_device_code", r.text)
    r = gh_poll(base, cl, d["device_code"], grant_type="device_code")
    c.check(r.status_code == 200 and r.json().get("error") == "unsupported_grant_type",
            "gh device: wrong grant_type on a poll -> HTTP 200 unsupported_grant_type", r.text)
    off = gh_client(base, device_flow=False)
    r = gh_code(base, off, headers={})
    c.check(r.status_code == 400 and form_of(r).get("error") == "device_flow_disabled",
            "gh device: device_flow false -> device code request 400 device_flow_disabled", r.text)
    r = gh_poll(base, off, "0" * 40)
    c.check(r.status_code == 200 and r.json().get("error") == "device_flow_disabled",
            "gh device: device_flow false -> poll HTTP 200 device_flow_disabled", r.text)
    r = gh_code(base, {"client_id": "nope"})
    c.check(r.status_code == 400 and r.json().get("error") == "incorrect_client_credentials",
            "gh device: unknown client_id -> 400 incorrect_client_credentials", r.text)
    r = gh_poll(base, {"client_id": "nope"}, d["device_code"])
    c.check(r.status_code == 200 and r.json().get("error") == "incorrect_client_credentials",
            "gh device: poll with an unknown client_id -> HTTP 200 incorrect_client_credentials",
            r.text)
    r = gh_code(base, cl, scope="repo")
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_scope",
            "gh device: scope outside the client's -> invalid_scope", r.text)
    c.check(control(base, "BCDF-GHJK", "approve").status_code == 404
            and control(base, d["user_code"], "maybe").status_code == 400,
            "gh device: control: unknown code 404, bad action 400")
