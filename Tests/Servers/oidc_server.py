"""OpenID Connect provider, multi-tenant by path, on Authlib (`AuthorizationServer` + `OpenIDCode`).

Each test creates a tenant (`POST /_test/tenants`) and gets its own issuer
`http://127.0.0.1:P/t/<tid>` with one client. Under the issuer:
  GET  /.well-known/openid-configuration     discovery
  GET  /authorize                            PKCE S256 required, auto-approve (or deny)
  POST /token                                access_token, id_token, token_type, expires_in
  GET  /jwks                                 public keys (kid, use=sig, alg)
  GET|POST /userinfo                         Bearer
  POST /revoke                               RFC 7009 (Authlib's RevocationEndpoint): revokes
                                             the token's whole grant; 200 for unknown tokens
  POST /device_authorization                 RFC 8628 (Authlib's DeviceAuthorizationEndpoint,
                                             device.py); polls go to /token (standard 400 errors)
  GET|POST /device                           the user's page: enter the code, Approve or Deny
Control: GET /_test/tenants/<tid>/stats -> fetch counters; GET /_test/tenants/<tid>/log -> the
device log; POST /_test/device -> approve or deny a user code.
The tenant's `mode` (see oidc_tokens.MODES) injects one RP conformance failure.
"""

import threading
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749.errors import UnsupportedTokenTypeError
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE
from authlib.oauth2.rfc9207 import IssuerParameter
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode, OpenIDToken
from flask import Flask, abort, g, request

import device
from common import (AUTH_METHODS, Client, S256Only, Store, avatar_response, json_body,
                    json_response, make_bearer_validator, make_code_grant, make_refresh_grant,
                    rand)
from oidc_tokens import MODES, TenantKeys, apply_mode


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


def user_claims(user, scope):
    """Standard claims released for `scope` (sub always; profile; email)."""
    scopes = set((scope or "").split())
    info = UserInfo(sub=user["sub"])
    if "profile" in scopes:
        info.update(name=user["name"], picture=user["picture"])
    if "email" in scopes:
        info.update(email=user["email"], email_verified=user["email_verified"])
    return info


class TenantIDToken(OpenIDToken):
    """Authlib's ID token with per-tenant keys/claims; faults applied after Authlib signs. On its
    own it is the device grant's extension (no nonce; auth_time is when the user approved)."""

    def resolve_client_private_key(self, client):
        return client.tenant.keys.signing_key

    def get_client_algorithm(self, client):
        return client.tenant.alg

    def get_encode_header(self, client):
        return client.tenant.keys.header()

    def get_client_claims(self, client):
        return {"iss": client.tenant.issuer, "aud": client.client_id}

    def generate_user_info(self, user, scope):
        return user_claims(user, scope)

    def encode_id_token(self, token, req):
        id_token = super().encode_id_token(token, req)
        tenant = req.client.tenant
        return apply_mode(id_token, tenant.keys, req.client.client_id, tenant.issuer)

    def get_compatible_claims(self, req):
        claims = super().get_compatible_claims(req)
        if req.credential is not None and req.credential.get_auth_time():  # a device credential
            claims["auth_time"] = req.credential.get_auth_time()
        return claims


class TenantOpenIDCode(TenantIDToken, OpenIDCode):
    """Authlib's OpenIDCode (nonce, prompt) with the tenant's keys and claims."""

    def exists_nonce(self, nonce, req):
        with STATS_LOCK:
            return nonce in req.client.tenant.used_nonces


class TenantIssuer(IssuerParameter):
    """RFC 9207 `iss` in authorization responses, only for tenants that advertise it."""

    def get_issuer(self):
        tenant = g.get("tenant")
        if tenant is None or not tenant.advertise_iss:
            return None
        return tenant.issuer + ("-impostor" if tenant.mode == "wrong_iss_param" else "")


def create_app():
    """The Flask app of the OpenID Connect provider."""
    app = Flask("oidc")
    store = Store()
    tenants = {}

    def query_client(client_id):
        client = store.client(client_id)
        return client if client and client.tenant is g.get("tenant") else None

    server = AuthorizationServer(app, query_client=query_client, save_token=store.save_token)
    server.register_token_generator("default", BearerTokenGenerator(
        lambda **kw: rand(32), lambda **kw: rand(48), lambda client, grant_type: 3600))

    base_grant = make_code_grant(store)

    class CodeGrant(base_grant):
        def save_authorization_code(self, code, req):
            super().save_authorization_code(code, req)
            nonce = req.payload.data.get("nonce")
            if nonce:
                with STATS_LOCK:
                    req.client.tenant.used_nonces.add(nonce)

    server.register_grant(CodeGrant, [S256Only(required=True), TenantOpenIDCode()])
    server.register_grant(make_refresh_grant(store))
    issuer_ext = TenantIssuer()
    server.register_extension(issuer_ext)

    class Revocation(RevocationEndpoint):
        """RFC 7009; client auth as at the token endpoint (Client.check_endpoint_auth_method)."""

        CLIENT_AUTH_METHODS = list(AUTH_METHODS)

        def check_params(self, request, client):
            try:
                super().check_params(request, client)
            except UnsupportedTokenTypeError as error:
                error.status_code = 400  # Authlib sends 401; RFC 7009 2.2.1 (RFC 6749 5.2): 400
                raise

        def query_token(self, token_string, token_type_hint):
            with store.lock:
                found = [store.tokens.get(token_string), store.refresh.get(token_string)]
            if token_type_hint == "refresh_token":
                found.reverse()
            return next((tok for tok in found if tok), None)

        def revoke_token(self, token, request):
            store.revoke_grant(token)  # RFC 7009 2.1: the grant's access and refresh tokens

    server.register_endpoint(Revocation)

    devices = device.DeviceStore()
    server.register_grant(device.make_device_grant(devices), [TenantIDToken()])
    device_endpoint = device.make_device_endpoint(devices, lambda: f"{g.tenant.issuer}/device")
    server.register_endpoint(device_endpoint)
    device.add_device_routes(app, devices, "/t/<tid>/device",
                             allowed=lambda cred: cred.client.tenant is g.tenant)

    protector = ResourceProtector()
    protector.register_token_validator(make_bearer_validator(store))

    @app.url_value_preprocessor
    def pick_tenant(endpoint, values):
        if values and "tid" in values:
            g.tenant = tenants.get(values["tid"])
            if g.tenant is None:
                abort(json_response({"error": "no such tenant"}, 404))

    @app.post("/_test/tenants")
    def create_tenant():
        try:
            tenant = Tenant(json_body(), request.host_url)
        except (ValueError, TypeError) as exc:
            return json_response({"error": str(exc)}, 400)
        tenants[tenant.tid] = tenant
        store.add_client(tenant.client)
        return json_response({"issuer": tenant.issuer, "tenant": tenant.tid,
                              "client_id": tenant.client.client_id,
                              "client_secret": tenant.client.client_secret})

    @app.get("/_test/tenants/<tid>/stats")
    def stats(tid):
        with STATS_LOCK:
            return json_response(dict(g.tenant.stats))

    @app.get("/_test/tenants/<tid>/log")
    def tenant_log(tid):
        with devices.lock:
            return json_response({"device": list(g.tenant.client.device_log)})

    @app.get("/_test/avatar/<sub>.png")
    def avatar(sub):
        return avatar_response()

    @app.get("/t/<tid>/.well-known/openid-configuration")
    def discovery(tid):
        g.tenant.count("discovery_fetches")
        return json_response(g.tenant.discovery())

    @app.get("/t/<tid>/jwks")
    def jwks(tid):
        n = g.tenant.count("jwks_fetches")
        return json_response(g.tenant.keys.jwks(n), headers={"Cache-Control": "no-store"})

    @app.get("/t/<tid>/authorize")
    def authorize(tid):
        client = g.tenant.client
        try:
            grant = server.get_consent_grant(end_user=client.user)
        except OAuth2Error as error:
            resp = server.handle_error_response(None, error)
            issuer_ext.add_issuer_parameter(server, resp)
            return resp
        grant_user = client.user if client.consent == "approve" else None
        return server.create_authorization_response(grant=grant, grant_user=grant_user)

    @app.post("/t/<tid>/token")
    def token(tid):
        t = time.monotonic()
        g.tenant.count("token_requests")
        resp = server.create_token_response()
        if device.is_device_poll(request.form):
            g.tenant.count("device_polls")
            client = g.tenant.client  # the tenant's only client, whoever authenticated
            devices.log_poll(client, t, request.form.get("device_code"), resp.get_json())
        return resp

    @app.post("/t/<tid>/device_authorization")
    def device_authorization(tid):
        return server.create_endpoint_response(device_endpoint.ENDPOINT_NAME)

    @app.post("/t/<tid>/revoke")
    def revoke(tid):
        resp = server.create_endpoint_response(Revocation.ENDPOINT_NAME)
        if resp.status_code == 200:
            g.tenant.count("revocations")
        return resp

    @app.route("/t/<tid>/userinfo", methods=["GET", "POST"])
    def userinfo(tid):
        tenant = g.tenant
        tenant.count("userinfo_fetches")
        try:
            tok = protector.acquire_token()
            if tok.client.tenant is not tenant:
                raise OAuth2Error("token of another tenant", status_code=401)
        except OAuth2Error:
            return json_response({"error": "invalid_token"}, 401,
                                 {"WWW-Authenticate": 'Bearer error="invalid_token"'})
        info = dict(user_claims(tok.user, tok.scope))
        if tenant.mode == "userinfo_sub_mismatch":
            info["sub"] = "other-" + info["sub"]
        return json_response(info)

    return app
