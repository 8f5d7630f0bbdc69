"""In-memory state of the OAuth 2.0 test servers (GitHub-like and OpenID Connect): Authlib models.

Everything lives in memory behind one lock per `Store`: its clients, authorization codes and
tokens. The classes below implement Authlib's model mixins so Authlib itself does the protocol
validation; the grants that use them are in common_grants.py:

* `Client`       -- `ClientMixin`: exact redirect URI match, per-client auth method and scopes.
* `AuthCode`     -- `AuthorizationCodeMixin` (+ OIDC nonce/auth_time), 10-minute life, single use.
* `Token`        -- `TokenMixin`: access token with optional rotating refresh token; tokens
                    refreshed from one another share a `grant` id (revoked together).
"""

import secrets
import threading
import time
from urllib.parse import urlsplit, urlunsplit

from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin
from authlib.oauth2.rfc6749 import list_to_scope, scope_to_list
from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE
from authlib.oidc.core import AuthorizationCodeMixin

CODE_LIFETIME = 600  # seconds, like GitHub and RFC 6749's recommendation
AUTH_METHODS = ("client_secret_basic", "client_secret_post", "none")
CLIENT_ID_ONLY = "client_id_only"  # GitHub's device flow: client_id, no secret (device_grant.py)


def rand(nbytes=16):
    """A random URL-safe string (used for ids, secrets, tokens)."""
    return secrets.token_urlsafe(nbytes)


class Store:
    """In-memory state of one server: clients, codes, tokens. `lock` guards all of it."""

    def __init__(self):
        self.lock = threading.RLock()
        self.clients = {}   # client_id -> Client
        self.codes = {}     # code -> AuthCode
        self.tokens = {}    # access_token -> Token
        self.refresh = {}   # refresh_token -> Token

    def add_client(self, client):
        with self.lock:
            self.clients[client.client_id] = client
        return client

    def client(self, client_id):
        with self.lock:
            return self.clients.get(client_id)

    def save_token(self, token, req):
        """Authlib's `save_token` hook: remember the issued token and its owner.
        A refreshed token joins the grant of the token it was refreshed from."""
        prev = getattr(req, "refresh_token", None)
        tok = Token(req.client, req.user, token, prev.grant if isinstance(prev, Token) else None)
        with self.lock:
            self.tokens[tok.access_token] = tok
            if tok.refresh_token:
                self.refresh[tok.refresh_token] = tok
        return tok

    def bearer(self, access_token):
        with self.lock:
            return self.tokens.get(access_token)

    def revoke_grant(self, tok):
        """Revoke every access and refresh token of `tok`'s grant (all its refreshes)."""
        with self.lock:
            for t in self.tokens.values():
                if t.grant == tok.grant:
                    t.revoked = t.refresh_revoked = True


class Client(ClientMixin):
    """A registered OAuth 2.0 client. `extra` carries server-specific settings."""

    def __init__(self, redirect_uris, scope, auth_method, refresh, user, **extra):
        if auth_method not in AUTH_METHODS:
            raise ValueError(f"token_endpoint_auth_method must be one of {AUTH_METHODS}")
        self.client_id = rand(12)
        self.client_secret = None if auth_method == "none" else rand(24)
        self.redirect_uris = list(redirect_uris)
        self.scope = scope
        self.auth_method = auth_method
        self.issue_refresh_token = bool(refresh)
        self.user = user
        self.log = []
        self.__dict__.update(extra)

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return self.redirect_uris[0] if self.redirect_uris else None

    def get_allowed_scope(self, scope):
        """Strict: any requested scope outside the client's allowed set -> invalid_scope."""
        if not scope:
            return ""
        allowed = set(scope_to_list(self.scope))
        wanted = scope_to_list(scope)
        if not set(wanted) <= allowed:
            return None
        return list_to_scope(wanted)

    def check_redirect_uri(self, redirect_uri):
        """Exact string match; except that a registered loopback URI without a port matches that URI
        on any port (RFC 8252 §7.3; GitHub does the same)."""
        if redirect_uri in self.redirect_uris:
            return True
        parsed = urlsplit(redirect_uri)
        if parsed.scheme != "http" or parsed.hostname not in ("127.0.0.1", "::1") or parsed.port is None:
            return False
        portless = urlunsplit((parsed.scheme, parsed.hostname if parsed.hostname != "::1" else "[::1]",
                               parsed.path, parsed.query, parsed.fragment))
        return portless in self.redirect_uris

    def check_client_secret(self, client_secret):
        return bool(self.client_secret) and secrets.compare_digest(
            self.client_secret, client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        """The token, RFC 7009 revocation and RFC 8628 device endpoints take only the client's own
        method, or CLIENT_ID_ONLY where a server offers it (only GitHub's device flow does)."""
        if method == CLIENT_ID_ONLY:
            return True
        return (endpoint not in ("token", "revocation", "device_authorization")
                or method == self.auth_method)

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        if grant_type == "refresh_token":
            return self.issue_refresh_token
        if grant_type == DEVICE_CODE_GRANT_TYPE:
            return getattr(self, "device_flow", False)
        return grant_type == "authorization_code"


class AuthCode(AuthorizationCodeMixin):
    def __init__(self, code, req):
        data = req.payload.data
        self.code = code
        self.client_id = req.client.client_id
        self.redirect_uri = req.payload.redirect_uri
        self.scope = req.scope if req.scope is not None else ""
        self.user = req.user
        self.nonce = data.get("nonce")
        self.code_challenge = data.get("code_challenge")
        self.code_challenge_method = data.get("code_challenge_method")
        self.auth_time = int(time.time())
        self.expires_at = time.time() + CODE_LIFETIME

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope

    def get_nonce(self):
        return self.nonce

    def get_auth_time(self):
        return self.auth_time


class Token(TokenMixin):
    def __init__(self, client, user, token, grant=None):
        self.client = client
        self.grant = grant or rand(8)
        self.user = user
        self.access_token = token["access_token"]
        self.refresh_token = token.get("refresh_token")
        self.scope = token.get("scope", "")
        self.expires_in = token.get("expires_in") or 0
        self.issued_at = time.time()
        self.revoked = False          # the access token
        self.refresh_revoked = False  # the refresh token (rotated away)

    def check_client(self, client):
        return self.client.client_id == client.client_id

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return bool(self.expires_in) and time.time() > self.issued_at + self.expires_in

    def is_revoked(self):
        return self.revoked

    def get_user(self):
        return self.user

    def get_client(self):
        return self.client
