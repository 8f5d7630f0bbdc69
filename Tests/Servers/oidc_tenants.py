"""Tenants of the OpenID Connect test provider: one issuer each, with its client, user and keys.

`POST /_test/tenants` makes a `Tenant` from the test's settings (alg, mode, user, consent,
redirect URIs, scope, client auth method, refresh tokens, device grant). The tenant builds its
discovery document and keeps fetch counters under `STATS_LOCK`; its keys and faulty ID tokens
are in oidc_tokens.py.
"""

import threading

from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE

import device
from common import Client, rand
from oidc_tokens import MODES, TenantKeys


class Tenant:
    """One issuer with its client, user, keys and fetch counters."""

    def __init__(self, body, host_url):
        self.tid = rand(8).replace("-", "x").replace("_", "y")
        self.issuer = f"{host_url}t/{self.tid}"
        self.alg = body.get("alg", "RS256")
        self.mode = body.get("mode", "ok")
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        self.advertise_iss = bool(body.get("advertise_iss", False)) or \
            self.mode == "wrong_iss_param"
        self.keys = TenantKeys(self.alg, self.mode, self.tid)
        u = body.get("user") or {}
        sub = str(u.get("sub", "248289761001"))
        self.user = {
            "sub": sub,
            "email": u.get("email", "jane@example.com"),
            "email_verified": bool(u.get("email_verified", True)),
            "name": u.get("name", "Jane Doe"),
            "picture": u.get("picture", f"{host_url}_test/avatar/{sub}.png"),
        }
        consent = body.get("consent", "approve")
        if consent not in ("approve", "deny"):
            raise ValueError("consent must be 'approve' or 'deny'")
        self.client = Client(
            redirect_uris=body.get("redirect_uris", ["com.example.test:/oidc"]),
            scope=body.get("scope", "openid email profile"),
            auth_method=body.get("token_endpoint_auth_method", "client_secret_basic"),
            refresh=body.get("issue_refresh_token", False),
            user=self.user, consent=consent, tenant=self,
            **device.client_settings(body, "device_grant"))
        self.used_nonces = set()
        self.stats = {"discovery_fetches": 0, "jwks_fetches": 0, "userinfo_fetches": 0,
                      "token_requests": 0, "revocations": 0, "device_polls": 0}

    def count(self, name):
        with STATS_LOCK:
            self.stats[name] += 1
            return self.stats[name]

    def discovery(self):
        iss = self.issuer
        doc = {
            "issuer": iss + "-impostor" if self.mode == "discovery_issuer_mismatch" else iss,
            "authorization_endpoint": f"{iss}/authorize",
            "token_endpoint": f"{iss}/token",
            "jwks_uri": f"{iss}/jwks",
            "userinfo_endpoint": f"{iss}/userinfo",
            "revocation_endpoint": f"{iss}/revoke",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": [self.alg],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": [self.client.auth_method],
            "revocation_endpoint_auth_methods_supported": [self.client.auth_method],
            "grant_types_supported": ["authorization_code"]
            + (["refresh_token"] if self.client.issue_refresh_token else [])
            + ([DEVICE_CODE_GRANT_TYPE] if self.client.device_flow else []),
            "scopes_supported": self.client.scope.split(),
            "claims_supported": ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce",
                                 "email", "email_verified", "name", "picture"],
        }
        if self.advertise_iss:
            doc["authorization_response_iss_parameter_supported"] = True
        if self.client.device_flow:
            doc["device_authorization_endpoint"] = f"{iss}/device_authorization"
        return doc


STATS_LOCK = threading.Lock()
