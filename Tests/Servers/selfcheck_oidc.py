"""Self-check of the OpenID Connect provider and each of its fault modes (run by selfcheck.py)."""

import hashlib
import hmac
import json
import secrets
import time

import requests
from joserfc import jwt
from joserfc.jwk import import_key

from oidc_tokens import b64url_decode
from selfcheck import browse, pkce_pair

REDIRECT = "com.example.test:/oidc"


def new_tenant(base, **body):
    return requests.post(f"{base}/_test/tenants", json=body, timeout=30).json()


def get(url, **kw):
    return requests.get(url, timeout=10, **kw)


def sign_in(t, method="basic", scope="openid email profile", pkce="S256"):
    """Discovery -> authorize (PKCE, nonce) -> token. Returns a dict of everything seen."""
    disc = get(f"{t['issuer']}/.well-known/openid-configuration").json()
    verifier, challenge = pkce_pair()
    nonce = secrets.token_urlsafe(12)
    params = {"client_id": t["client_id"], "redirect_uri": REDIRECT, "response_type": "code",
              "scope": scope, "state": "s1", "nonce": nonce}
    if pkce:
        params.update(code_challenge=challenge if pkce == "S256" else verifier,
                      code_challenge_method=pkce)
    status, loc, q = browse(disc["authorization_endpoint"], params)
    out = {"disc": disc, "nonce": nonce, "status": status, "loc": loc, "q": q}
    if "code" not in q:
        return out
    form = {"grant_type": "authorization_code", "code": q["code"], "redirect_uri": REDIRECT,
            "code_verifier": verifier}
    auth = None
    if method == "basic":
        auth = (t["client_id"], t["client_secret"])
    else:
        form["client_id"] = t["client_id"]
        if method == "post":
            form["client_secret"] = t["client_secret"]
    r = requests.post(disc["token_endpoint"], data=form, auth=auth, timeout=10)
    out["token_status"], out["tok"] = r.status_code, r.json()
    if "id_token" in out["tok"]:
        h, p, s = out["tok"]["id_token"].split(".")
        out["header"], out["claims"], out["sig"] = (json.loads(b64url_decode(h)),
                                                    json.loads(b64url_decode(p)), s)
    return out


def verifies(id_token, jwk, alg):
    try:
        jwt.decode(id_token, import_key(jwk), algorithms=[alg])
        return True
    except Exception:  # noqa: BLE001
        return False


def stats(base, t):
    return get(f"{base}/_test/tenants/{t['tenant']}/stats").json()


def check_ok(c, base):
    from authlib.oidc.discovery import OpenIDProviderMetadata
    t = new_tenant(base)
    s = sign_in(t)
    disc, claims, header = s["disc"], s.get("claims", {}), s.get("header", {})
    c.check(t["issuer"] == f"{base}/t/{t['tenant']}" and disc["issuer"] == t["issuer"],
            "oidc: issuer URL and discovery issuer", (t, disc.get("issuer")))
    try:
        OpenIDProviderMetadata(disc).validate()
        c.check(True, "oidc: discovery passes Authlib's OpenIDProviderMetadata.validate()")
    except Exception as exc:  # noqa: BLE001
        c.check(False, "oidc: discovery passes Authlib's OpenIDProviderMetadata.validate()", exc)
    c.check(disc["code_challenge_methods_supported"] == ["S256"]
            and "authorization_response_iss_parameter_supported" not in disc,
            "oidc: discovery PKCE S256, no RFC 9207 flag by default")
    c.check(s["status"] == 302 and s["loc"].startswith(REDIRECT + "?code=") and "iss" not in s["q"],
            "oidc: authorize redirect (no iss)", s["loc"])
    tok = s["tok"]
    c.check(s["token_status"] == 200 and tok.get("token_type") == "Bearer"
            and tok.get("expires_in") == 3600 and "refresh_token" not in tok,
            "oidc: token response", tok)
    jwks = get(disc["jwks_uri"]).json()["keys"]
    c.check(len(jwks) == 1 and jwks[0]["kid"] == header.get("kid") and jwks[0]["use"] == "sig"
            and jwks[0]["alg"] == "RS256" and "d" not in jwks[0], "oidc: JWKS public key", jwks)
    c.check(verifies(tok["id_token"], jwks[0], "RS256"), "oidc: ID token signature verifies")
    now = time.time()
    c.check(claims.get("iss") == t["issuer"] and claims.get("aud") == t["client_id"]
            and claims.get("sub") == "248289761001" and claims.get("nonce") == s["nonce"]
            and now - 60 < claims.get("iat", 0) <= now + 1
            and claims.get("exp", 0) - claims.get("iat", 0) == 3600 and "auth_time" in claims
            and claims.get("email") == "jane@example.com" and claims.get("email_verified") is True
            and claims.get("name") == "Jane Doe" and "at_hash" in claims,
            "oidc: ID token claims", claims)
    ui = get(disc["userinfo_endpoint"],
             headers={"Authorization": f"Bearer {tok['access_token']}"}).json()
    c.check(ui.get("sub") == claims.get("sub") and ui.get("email") == "jane@example.com"
            and "picture" in ui, "oidc: userinfo", ui)
    c.check(get(disc["userinfo_endpoint"]).status_code == 401, "oidc: userinfo without token 401")
    c.check(stats(base, t) == {"discovery_fetches": 1, "jwks_fetches": 1, "userinfo_fetches": 2,
                               "token_requests": 1, "revocations": 0, "device_polls": 0},
            "oidc: stats", stats(base, t))
    # Another tenant's token is not accepted here.
    t2 = new_tenant(base)
    r = get(f"{t2['issuer']}/userinfo", headers={"Authorization": f"Bearer {tok['access_token']}"})
    c.check(r.status_code == 401, "oidc: tokens are tenant-bound")

    s = sign_in(t, pkce=None)
    c.check(s["q"].get("error") == "invalid_request" and "code" not in s["q"],
            "oidc: missing PKCE -> error redirect", s["loc"])
    s = sign_in(t, pkce="plain")
    c.check(s["q"].get("error") == "invalid_request", "oidc: plain PKCE -> error", s["loc"])
    status, loc, _ = browse(f"{t['issuer']}/authorize", {
        "client_id": t["client_id"], "redirect_uri": "com.example.test:/elsewhere",
        "response_type": "code", "scope": "openid"})
    c.check(status == 400 and loc is None, "oidc: wrong redirect_uri -> 400", status)
    status, _, _ = browse(f"{t2['issuer']}/authorize", {
        "client_id": t["client_id"], "redirect_uri": REDIRECT, "response_type": "code"})
    c.check(status == 400, "oidc: client of another tenant -> 400")


def check_variants(c, base):
    t = new_tenant(base, alg="ES256", advertise_iss=True, token_endpoint_auth_method="client_secret_post",
                   issue_refresh_token=True)
    s = sign_in(t, method="post")
    jwk = get(s["disc"]["jwks_uri"]).json()["keys"][0]
    c.check(s["header"].get("alg") == "ES256" and verifies(s["tok"]["id_token"], jwk, "ES256"),
            "oidc: ES256 tenant", s["header"])
    c.check(s["q"].get("iss") == t["issuer"]
            and s["disc"].get("authorization_response_iss_parameter_supported") is True,
            "oidc: advertise_iss -> iss in redirect + discovery flag", s["loc"])
    rt = s["tok"].get("refresh_token")
    form = {"grant_type": "refresh_token", "client_id": t["client_id"],
            "client_secret": t["client_secret"]}
    r1 = requests.post(s["disc"]["token_endpoint"], data=dict(form, refresh_token=rt), timeout=10)
    r2 = requests.post(s["disc"]["token_endpoint"], data=dict(form, refresh_token=rt), timeout=10)
    c.check(r1.status_code == 200 and r1.json().get("refresh_token") not in (None, rt)
            and r2.status_code == 400 and r2.json()["error"] == "invalid_grant",
            "oidc: refresh rotation", (r1.text, r2.text))
    t = new_tenant(base, token_endpoint_auth_method="none", scope="openid")
    s = sign_in(t, method="none", scope="openid")
    c.check(t["client_secret"] is None and s.get("token_status") == 200
            and "email" not in s["claims"], "oidc: public client, openid scope only", s.get("claims"))
    t = new_tenant(base, consent="deny")
    s = sign_in(t)
    c.check(s["q"].get("error") == "access_denied" and s["q"].get("state") == "s1",
            "oidc: consent deny", s["loc"])


def check_revocation(c, base):
    """RFC 7009 at {issuer}/revoke."""
    t = new_tenant(base)
    s = sign_in(t)
    disc, at = s["disc"], s["tok"]["access_token"]
    c.check(disc.get("revocation_endpoint") == f"{t['issuer']}/revoke"
            and disc.get("revocation_endpoint_auth_methods_supported") == ["client_secret_basic"],
            "oidc: discovery advertises the revocation endpoint", disc)
    basic = (t["client_id"], t["client_secret"])
    r = requests.post(disc["revocation_endpoint"], data={"token": at, "token_type_hint":
                      "access_token"}, auth=basic, timeout=10)
    c.check(r.status_code == 200, "oidc: revoke access token -> 200", r.text)
    ui = get(disc["userinfo_endpoint"], headers={"Authorization": f"Bearer {at}"})
    c.check(ui.status_code == 401, "oidc: revoked token -> userinfo 401", ui.text)
    r = requests.post(disc["revocation_endpoint"], data={"token": "no-such-token"}, auth=basic,
                      timeout=10)
    c.check(r.status_code == 200, "oidc: revoke an unknown token -> 200 (RFC 7009)", r.text)
    r = requests.post(disc["revocation_endpoint"], data={"token": at},
                      auth=(t["client_id"], "wrong"), timeout=10)
    c.check(r.status_code == 401 and r.json().get("error") == "invalid_client",
            "oidc: revoke with a wrong secret -> 401 invalid_client", r.text)
    c.check(stats(base, t)["revocations"] == 2, "oidc: stats count revocations", stats(base, t))

    # Revoking a (rotated) refresh token revokes the whole grant; client_secret_post.
    t = new_tenant(base, token_endpoint_auth_method="client_secret_post", issue_refresh_token=True)
    s = sign_in(t, method="post")
    form = {"client_id": t["client_id"], "client_secret": t["client_secret"]}
    r1 = requests.post(s["disc"]["token_endpoint"], timeout=10, data=dict(
        form, grant_type="refresh_token", refresh_token=s["tok"]["refresh_token"])).json()
    r = requests.post(s["disc"]["revocation_endpoint"], timeout=10, data=dict(
        form, token=r1.get("refresh_token"), token_type_hint="refresh_token"))
    live = [get(s["disc"]["userinfo_endpoint"], headers={"Authorization": f"Bearer {a}"}).status_code
            for a in (s["tok"]["access_token"], r1.get("access_token"))]
    c.check(r.status_code == 200 and live == [401, 401],
            "oidc: revoking the refresh token revokes the grant's access tokens", (r.text, live))


def check_mode(c, base, mode):
    t = new_tenant(base, mode=mode)
    s = sign_in(t)
    if mode == "discovery_issuer_mismatch":
        c.check(s["disc"]["issuer"] != t["issuer"] and s["claims"]["iss"] == t["issuer"],
                f"oidc mode {mode}", s["disc"]["issuer"])
        return
    if mode == "wrong_iss_param":
        c.check(s["disc"].get("authorization_response_iss_parameter_supported") is True
                and s["q"].get("iss") not in (None, t["issuer"]), f"oidc mode {mode}", s["loc"])
        return
    tok, h, cl, sig = s["tok"], s["header"], s["claims"], s["sig"]
    idt = tok["id_token"]
    keys = get(s["disc"]["jwks_uri"]).json()["keys"]
    good = verifies(idt, keys[0], "RS256")
    expect = {
        "aud_array_single": good and cl["aud"] == [t["client_id"]],
        "no_kid_single_key": good and "kid" not in h and len(keys) == 1,
        "bad_signature": not good and cl["iss"] == t["issuer"] and h.get("kid") == keys[0]["kid"],
        "wrong_iss": good and cl["iss"] != t["issuer"],
        "wrong_aud": good and t["client_id"] not in json.dumps(cl["aud"]),
        "missing_iat": good and "iat" not in cl and "exp" in cl,
        "missing_sub": good and "sub" not in cl,
        "expired": good and cl["exp"] < time.time() - 3600 and cl["iat"] < cl["exp"],
        "wrong_nonce": good and cl.get("nonce") not in (None, s["nonce"]),
        "alg_none": h == {"alg": "none"} and sig == "" and cl["iss"] == t["issuer"],
        "multiple_aud_no_azp": good and cl["aud"] == [t["client_id"], "other"] and "azp" not in cl,
        "azp_mismatch": good and cl["aud"] == t["client_id"] and cl.get("azp") == "other",
    }
    if mode == "hs256_with_public_key":
        pem = import_key(keys[0]).as_pem(private=False)
        mac = hmac.new(pem, idt.rsplit(".", 1)[0].encode(), hashlib.sha256).digest()
        ok = h.get("alg") == "HS256" and b64url_decode(sig) == mac and not good
    elif mode == "no_kid_multiple_keys":
        ok = "kid" not in h and len(keys) == 2 and good
    elif mode == "key_rotation":
        again = get(s["disc"]["jwks_uri"]).json()["keys"]
        ok = (h["kid"] not in [k["kid"] for k in keys] and len(again) == 2
              and verifies(idt, next(k for k in again if k["kid"] == h["kid"]), "RS256"))
    elif mode == "unknown_kid":
        again = get(s["disc"]["jwks_uri"]).json()["keys"]
        ok = (h["kid"] not in [k["kid"] for k in keys + again]
              and stats(base, t)["jwks_fetches"] == 2)
    elif mode == "userinfo_sub_mismatch":
        ui = get(s["disc"]["userinfo_endpoint"],
                 headers={"Authorization": f"Bearer {tok['access_token']}"}).json()
        ok = good and ui["sub"] != cl["sub"]
    else:
        ok = expect[mode]
    c.check(ok, f"oidc mode {mode}", (h, cl))


def run(c, base):
    from oidc_tokens import MODES
    print(f"--- OpenID Connect provider {base}")
    check_ok(c, base)
    check_variants(c, base)
    check_revocation(c, base)
    for mode in sorted(MODES - {"ok"}):
        check_mode(c, base, mode)
    r = requests.post(f"{base}/_test/tenants", json={"mode": "nonsense"}, timeout=10)
    c.check(r.status_code == 400, "oidc: unknown mode -> 400")
    import selfcheck_device  # here, not on top: selfcheck_device_oidc imports from this module
    selfcheck_device.run_oidc(c, base)
