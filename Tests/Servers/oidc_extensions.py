"""The OpenID Connect test provider's Authlib extensions, bound to the request's tenant.

`user_claims` is what the provider releases about the user (ID token and userinfo);
`TenantIDToken` signs ID tokens with the tenant's keys and claims and then applies the tenant's
fault (oidc_tokens.apply_mode), on its own for the device grant and as `TenantOpenIDCode` for the
authorization code grant; `TenantIssuer` adds RFC 9207 `iss` to authorization responses.
"""

from authlib.oauth2.rfc9207 import IssuerParameter
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode, OpenIDToken
from flask import g

from oidc_tenants import STATS_LOCK
from oidc_tokens import apply_mode


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
