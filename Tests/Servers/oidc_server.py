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
device log; POST /_test/device -> approve or deny a user code; POST /_test/device/clock -> move
the device clock of a user code's tenant forward.
The tenant's `mode` (see oidc_tokens.MODES) injects one RP conformance failure.

Files: oidc_server.py (the app and its Authlib server), oidc_tenants.py (tenants, discovery),
oidc_extensions.py (claims, ID token, RFC 9207 iss), oidc_endpoints.py (the issuer's endpoints),
oidc_control.py (control routes), oidc_tokens.py (keys, JWKS, faulty ID tokens).
"""

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749.errors import UnsupportedTokenTypeError
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7009 import RevocationEndpoint
from flask import Flask, abort, g

import device
from common import (AUTH_METHODS, S256Only, Store, json_response, make_code_grant,
                    make_refresh_grant, rand)
from oidc_control import add_control_routes
from oidc_endpoints import add_endpoint_routes
from oidc_extensions import TenantIDToken, TenantIssuer, TenantOpenIDCode
from oidc_tenants import STATS_LOCK


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

    @app.url_value_preprocessor
    def pick_tenant(endpoint, values):
        if values and "tid" in values:
            g.tenant = tenants.get(values["tid"])
            if g.tenant is None:
                abort(json_response({"error": "no such tenant"}, 404))

    add_control_routes(app, store, tenants, devices)
    add_endpoint_routes(app, server, store, devices, issuer_ext, device_endpoint, Revocation)

    return app
