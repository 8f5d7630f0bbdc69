"""State of the OAuth 2.0 Device Authorization Grant (RFC 8628) on the GitHub-like and OIDC servers.

* `client_settings`  -- a client's device settings (`DEFAULTS`) from a control-endpoint body.
* `DeviceCredential` -- `DeviceCredentialMixin` with the client's interval, expiry, forced
                        slow_downs and the user's decision.
* `DeviceStore`      -- credentials by device code and by (normalised) user code, one lock; the
                        interval check behind `slow_down`; single use; the per-client poll log.
* `device_now`       -- a client's device clock: `time.monotonic()`, or with `device_clock: "manual"`
                        a clock that only `POST /_test/device/clock` moves, for a client on a manual
                        clock (paced and expired in no time, whatever the machine's load).
"""

import re
import threading
import time

from authlib.oauth2.rfc8628 import DeviceCredentialMixin

DEFAULTS = {"interval": 5, "expires_in": 900, "slow_down": 0, "slow_down_step": 5}


def client_settings(body, flag):
    """The device settings of a `POST /_test/clients` / `/_test/tenants` body, as Client attributes.
    `flag` is the body's on/off key (`device_flow` on GitHub, `device_grant` on OIDC)."""
    clock = body.get("device_clock", "real")
    if clock not in ("real", "manual"):
        raise ValueError("device_clock must be real or manual")
    out = {"device_flow": bool(body.get(flag, True)), "device_log": [],
           "device_clock": time.monotonic() if clock == "manual" else None}
    for name, default in DEFAULTS.items():
        value = body.get(f"device_{name}", default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"device_{name} must be an integer >= 0")
        out[f"device_{name}"] = value
    return out


def device_now(client):
    """The client's device clock: the server's `time.monotonic()`, or a manual clock's time (it
    starts at the client's creation and moves only by `POST /_test/device/clock`). Expiry, the
    interval check and the device log read it."""
    return time.monotonic() if client.device_clock is None else client.device_clock


def normalise_user_code(code):
    """RFC 8628 6.1: case and punctuation don't matter when the user types the code."""
    return re.sub(r"[^0-9A-Z]", "", (code or "").upper())


class DeviceCredential(DeviceCredentialMixin):
    """One device authorization request. `state`: pending -> approved|denied -> used."""

    def __init__(self, device_code, user_code, client, scope, seq):
        self.device_code = device_code
        self.user_code = user_code
        self.client = client
        self.scope = scope
        self.seq = seq  # names the flow in the log instead of its device code
        self.interval = client.device_interval
        self.slow_downs_left = client.device_slow_down
        self.expires_at = device_now(client) + client.device_expires_in
        self.last_poll = None
        self.state = "pending"
        self.user = None
        self.auth_time = None

    def get_client_id(self):
        return self.client.client_id

    def get_scope(self):
        return self.scope

    def get_user_code(self):
        return self.user_code

    def is_expired(self):
        return device_now(self.client) >= self.expires_at

    def get_auth_time(self):
        return self.auth_time


class DeviceStore:
    """All device credentials of one server."""

    def __init__(self):
        self.lock = threading.RLock()
        self.by_device = {}
        self.by_user = {}
        self.seq = 0

    def add(self, device_code, user_code, client, scope):
        with self.lock:
            self.seq += 1
            cred = DeviceCredential(device_code, user_code, client, scope, self.seq)
            self.by_device[device_code] = cred
            self.by_user[normalise_user_code(user_code)] = cred
            return cred

    def has_user_code(self, user_code):
        with self.lock:
            return normalise_user_code(user_code) in self.by_user

    def find(self, device_code):
        """The credential of a device code that has not been used yet."""
        with self.lock:
            cred = self.by_device.get(device_code or "")
            return cred if cred and cred.state != "used" else None

    def find_user_code(self, user_code):
        with self.lock:
            return self.by_user.get(normalise_user_code(user_code))

    def user_grant(self, user_code):
        """Authlib's `query_user_grant`: (user, approved) once the user decided, else None."""
        with self.lock:
            cred = self.by_user.get(normalise_user_code(user_code))
            if cred is None or cred.state == "pending":
                return None
            return cred.user, cred.state != "denied"

    def decide(self, user_code, approve):
        """The user's answer. Returns (HTTP status, message, credential or None)."""
        with self.lock:
            cred = self.by_user.get(normalise_user_code(user_code))
            if cred is None:
                return 404, "No such code.", None
            if cred.is_expired():
                return 410, "This code has expired.", cred
            if cred.state != "pending":
                return 409, f"This code was already {cred.state}.", cred
            cred.state = "approved" if approve else "denied"
            cred.user = cred.client.user if approve else None
            cred.auth_time = int(time.time())
            return 200, "Device approved." if approve else "Device denied.", cred

    def slow_down(self, cred):
        """Authlib's `should_slow_down` (asked only while pending): a poll sooner than the current
        interval after the previous poll, or one of the client's forced slow_downs, adds the
        client's step (5 s by default, RFC 8628 3.5) to the interval for this and later polls."""
        now = device_now(cred.client)
        with self.lock:
            too_soon = cred.last_poll is not None and now - cred.last_poll < cred.interval
            forced = cred.slow_downs_left > 0
            cred.last_poll = now
            if forced:
                cred.slow_downs_left -= 1
            if too_soon or forced:
                cred.interval += cred.client.device_slow_down_step
                return True
            return False

    def consume(self, cred):
        """Single use: True for the one poll that gets the token."""
        with self.lock:
            if cred.state != "approved":
                return False
            cred.state = "used"
            return True

    def advance_clock(self, user_code, seconds):
        """Moves the manual device clock of `user_code`'s client forward. Returns (HTTP status,
        message, credential or None)."""
        with self.lock:
            cred = self.by_user.get(normalise_user_code(user_code))
            if cred is None:
                return 404, "No such code.", None
            if cred.client.device_clock is None:
                return 409, "This client's device clock is the real one.", cred
            cred.client.device_clock += seconds
            return 200, "", cred

    def log(self, client, kind, t, **fields):
        """Append to the client's device log (never a device code, user code or token). `t` is the
        `time.monotonic()` of the event; a client on a manual device clock logs that clock's time."""
        with self.lock:
            t = t if client.device_clock is None else client.device_clock
            client.device_log.append(dict(t=t, kind=kind, **fields))

    def log_poll(self, client, t, device_code, payload):
        """Log one token-endpoint poll of the device grant, from its JSON answer."""
        result = payload.get("error") or ("token" if "access_token" in payload else "?")
        with self.lock:
            cred = self.by_device.get(device_code or "")
            if cred is not None and cred.client is not client:
                cred = None
            self.log(client, "poll", t, flow=cred.seq if cred else None, result=result,
                     interval=cred.interval if cred else None)
