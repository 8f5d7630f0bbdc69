"""OAuth 2.0 Device Authorization Grant (RFC 8628) shared by the GitHub-like and OIDC servers.

Authlib (`authlib.oauth2.rfc8628`) does the protocol; this module supplies its storage hooks and
the parts Authlib leaves out:

* `DeviceCredential` -- `DeviceCredentialMixin` with the client's interval, expiry, forced
                        slow_downs and the user's decision.
* `DeviceStore`      -- credentials by device code and by (normalised) user code, one lock; the
                        interval check behind `slow_down`; single use; the per-client poll log.
* `make_device_endpoint` / `make_device_grant` -- Authlib's `DeviceAuthorizationEndpoint` and
  `DeviceCodeGrant` bound to a store. RFC flavour by default (`invalid_grant` for an unknown,
  used or foreign device code); the GitHub-like server overrides the errors and auth method.
* `add_device_routes` -- the user's page (enter the code, Approve / Deny) and the control
                         endpoint `POST /_test/device`.

What Authlib 1.9 does not do, and is done here: it never deletes a device credential (an approved
code would mint a token on every poll), it has no interval bookkeeping (`should_slow_down` is
ours), it checks the requested scope only against a server-wide list (checked per client here),
and it answers an unknown `device_code` with `invalid_request` (RFC 6749 5.2 says `invalid_grant`).
"""

import html
import re
import secrets
import threading
import time

from authlib.oauth2.rfc6749.errors import (InvalidClientError, InvalidGrantError,
                                           InvalidScopeError, UnauthorizedClientError)
from authlib.oauth2.rfc8628 import (DEVICE_CODE_GRANT_TYPE, DeviceAuthorizationEndpoint,
                                    DeviceCodeGrant, DeviceCredentialMixin)
from flask import Response, request

from common import CLIENT_ID_ONLY, json_body, json_response

DEFAULTS = {"interval": 5, "expires_in": 900, "slow_down": 0, "slow_down_step": 5}


def client_settings(body, flag):
    """The device settings of a `POST /_test/clients` / `/_test/tenants` body, as Client attributes.
    `flag` is the body's on/off key (`device_flow` on GitHub, `device_grant` on OIDC)."""
    out = {"device_flow": bool(body.get(flag, True)), "device_log": []}
    for name, default in DEFAULTS.items():
        value = body.get(f"device_{name}", default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"device_{name} must be an integer >= 0")
        out[f"device_{name}"] = value
    return out


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
        self.expires_at = time.monotonic() + client.device_expires_in
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
        return time.monotonic() >= self.expires_at

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
        now = time.monotonic()
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

    def log(self, client, kind, t, **fields):
        """Append to the client's device log (never a device code, user code or token)."""
        with self.lock:
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


def make_device_endpoint(store, verification_uri, auth_methods=None,
                         disabled=UnauthorizedClientError, device_code=None, complete_uri=True):
    """Authlib's DeviceAuthorizationEndpoint on `store`, with the client's own interval and expiry.

    verification_uri  () -> the page's URL (asked per request)
    auth_methods      client authentication methods (default: Authlib's three; the Client
                      allows only its own)
    disabled          error class for a client without the device flow
    device_code       () -> a new device code (default: Authlib's 42 characters)
    complete_uri      whether to keep `verification_uri_complete` in the answer
    """

    class Endpoint(DeviceAuthorizationEndpoint):
        if auth_methods:
            CLIENT_AUTH_METHODS = list(auth_methods)

        def authenticate_client(self, req):
            client = super().authenticate_client(req)
            if not client.device_flow:
                raise disabled()
            # Authlib checks the scope against a server-wide list only
            if client.get_allowed_scope(req.payload.scope) is None:
                raise InvalidScopeError()
            return client

        def generate_device_code(self):
            return device_code() if device_code else super().generate_device_code()

        def generate_user_code(self):
            while True:
                code = super().generate_user_code()
                if not store.has_user_code(code):
                    return code

        def get_verification_uri(self):
            return verification_uri()

        def save_device_credential(self, client_id, scope, data):
            store.add(data["device_code"], data["user_code"], self.server.query_client(client_id),
                      scope)

        def create_endpoint_response(self, req):
            t = time.monotonic()
            status, data, headers = super().create_endpoint_response(req)
            client = req.client
            data["expires_in"] = client.device_expires_in  # Authlib answers its class constants
            data["interval"] = client.device_interval
            if not complete_uri:
                data.pop("verification_uri_complete", None)
            cred = store.find(data["device_code"])
            store.log(client, "code", t, flow=cred.seq, interval=cred.interval,
                      expires_in=client.device_expires_in)
            return status, data, headers

    return Endpoint


def make_device_grant(store, auth_methods=None, disabled=UnauthorizedClientError,
                      unknown_code=InvalidGrantError):
    """Authlib's DeviceCodeGrant on `store`: interval enforcement, single use, per-flavour errors.
    `unknown_code` is raised for a device code that is unknown, used, or another client's."""

    class Grant(DeviceCodeGrant):
        if auth_methods:
            TOKEN_ENDPOINT_AUTH_METHODS = list(auth_methods)

        def authenticate_token_endpoint_client(self):
            client = super().authenticate_token_endpoint_client()
            if not client.device_flow:
                raise disabled()
            self.request.client = client  # for query_device_credential
            return client

        def query_device_credential(self, device_code):
            cred = store.find(device_code)
            if cred is None or cred.client is not self.request.client:
                raise unknown_code("The device_code is unknown, used, or not this client's.")
            return cred

        def query_user_grant(self, user_code):
            return store.user_grant(user_code)

        def should_slow_down(self, credential):
            return store.slow_down(credential)

        def create_token_response(self):
            if not store.consume(self.request.credential):  # Authlib never retires the code
                raise unknown_code("The device_code was already used.")
            return super().create_token_response()

    return Grant


def authenticate_client_id(query_client, req, error=InvalidClientError):
    """Client authentication by `client_id` alone (GitHub's device flow takes no secret)."""
    client = query_client(req.payload.client_id) if req.payload.client_id else None
    if client is None:
        raise error("Unknown or missing client_id.")
    return client


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Device activation</title></head>
<body><h1>Device activation</h1>
<p id="message">{message}</p>
<form method="post" action="{action}">
<label>Code <input name="user_code" value="{code}" autocomplete="off" autofocus></label>
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="deny">Deny</button>
</form></body></html>
"""


def _page(message, code="", status=200):
    body = PAGE.format(message=html.escape(message), code=html.escape(code),
                       action=html.escape(request.path))
    return Response(body, status=status, content_type="text/html; charset=utf-8")


def _decide(store, user_code, action, allowed):
    """(status, message, credential) for approve/deny of `user_code`; `allowed(cred)` scopes it."""
    if action not in ("approve", "deny"):
        return 400, "action must be approve or deny.", None
    cred = store.find_user_code(user_code)
    if cred is None or not allowed(cred):
        return 404, "No such code.", None
    status, message, cred = store.decide(user_code, action == "approve")
    if status == 200:
        store.log(cred.client, action, time.monotonic(), flow=cred.seq)
    return status, message, cred


def add_device_routes(app, store, page_rule, allowed=lambda cred: True):
    """The verification page at `page_rule` (GET shows the form, `?user_code=` fills it in; POST
    `user_code` + `action` approves or denies as the client's user) and `POST /_test/device`."""

    def page(**_):
        code = request.args.get("user_code", "")
        cred = store.find_user_code(code) if code else None
        message = "Enter the code shown on your device."
        if cred is not None and allowed(cred):
            message = f"{cred.client.client_id} asks for: {cred.scope or '(no scope)'}."
        return _page(message, code)

    def submit(**_):
        code = request.form.get("user_code", "")
        status, message, _ = _decide(store, code, request.form.get("action"), allowed)
        return _page(message, code, status)

    app.add_url_rule(page_rule, "device_page", page, methods=["GET"])
    app.add_url_rule(page_rule, "device_submit", submit, methods=["POST"])

    @app.post("/_test/device")
    def device_control():
        body = json_body()
        status, message, cred = _decide(store, body.get("user_code", ""), body.get("action"),
                                        lambda c: True)
        out = {"status": cred.state if cred else None, "message": message}
        if cred is not None:
            out["client_id"] = cred.client.client_id
        return json_response(out, status)


def is_device_poll(form):
    return form.get("grant_type") == DEVICE_CODE_GRANT_TYPE or "device_code" in form


def new_hex_device_code():
    """40 hex characters, the shape of GitHub's device codes."""
    return secrets.token_hex(20)
