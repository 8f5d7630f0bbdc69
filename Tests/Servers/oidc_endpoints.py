"""The OpenID Connect endpoints under each tenant's issuer `/t/<tid>`.

Discovery, JWKS, authorize (auto-approve or deny), token (counting device polls), device
authorization, revocation and userinfo. The Authlib `AuthorizationServer` behind them is
assembled in oidc_server.py; the tenant is picked there too (`g.tenant`).
"""

import time

from authlib.integrations.flask_oauth2 import ResourceProtector
from authlib.oauth2 import OAuth2Error
from flask import g, request

import device
from common import json_response, make_bearer_validator
from oidc_extensions import user_claims


def add_endpoint_routes(app, server, store, devices, issuer_ext, device_endpoint, revocation):
    """Add the issuer's endpoints; `revocation` is the registered RFC 7009 endpoint class."""
    protector = ResourceProtector()
    protector.register_token_validator(make_bearer_validator(store))

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
        resp = server.create_endpoint_response(revocation.ENDPOINT_NAME)
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
