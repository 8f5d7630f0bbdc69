"""Self-check of the OpenID Connect device flow (RFC 8628): discovery, the answer with
verification_uri_complete, approval on the tenant's page, the token answer and ID token claims,
denial, HTTP 400 poll errors, slow_down and expiry, device_grant false and the client auth methods.
Run through selfcheck_device.py by selfcheck_oidc.py."""

import json
import time

import requests

from oidc_tokens import b64url_decode
from selfcheck_device_support import GRANT, control
from selfcheck_oidc import new_tenant, verifies


# --- OpenID Connect --------------------------------------------------------------------------

def basic(t):
    return (t["client_id"], t["client_secret"])


def oidc_code(t, scope="openid email profile"):
    return requests.post(f"{t['issuer']}/device_authorization", data={"scope": scope},
                         auth=basic(t), timeout=10)


def oidc_poll(t, device_code):
    return requests.post(f"{t['issuer']}/token", auth=basic(t), timeout=10,
                         data={"grant_type": GRANT, "device_code": device_code})


def tenant_log(base, t):
    return requests.get(f"{base}/_test/tenants/{t['tenant']}/log", timeout=10).json()


def run_oidc(c, base):
    print(f"--- OpenID Connect device flow {base}")
    t = new_tenant(base, device_interval=0, issue_refresh_token=True)
    disc = requests.get(f"{t['issuer']}/.well-known/openid-configuration", timeout=10).json()
    c.check(disc.get("device_authorization_endpoint") == f"{t['issuer']}/device_authorization"
            and GRANT in disc.get("grant_types_supported", []),
            "oidc device: discovery advertises the endpoint and the grant", disc)
    r = oidc_code(t)
    d = r.json()
    c.check(r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
            and d.get("verification_uri") == f"{t['issuer']}/device"
            and d.get("verification_uri_complete")
            == f"{t['issuer']}/device?user_code={d.get('user_code')}"
            and d.get("expires_in") == 900 and d.get("interval") == 0
            and len(d.get("device_code", "")) >= 40,
            "oidc device: RFC 8628 answer with verification_uri_complete", d)
    r = oidc_poll(t, d["device_code"])
    c.check(r.status_code == 400 and r.json().get("error") == "authorization_pending",
            "oidc device: pending poll -> HTTP 400 authorization_pending", (r.status_code, r.text))
    page = requests.get(d["verification_uri_complete"], timeout=10)
    c.check(page.status_code == 200 and f'value="{d["user_code"]}"' in page.text,
            "oidc device: verification_uri_complete fills the code in")
    other = new_tenant(base)
    r = requests.post(f"{other['issuer']}/device", timeout=10,
                      data={"user_code": d["user_code"], "action": "approve"})
    c.check(r.status_code == 404, "oidc device: another tenant's page does not know the code")
    r = requests.post(d["verification_uri"], timeout=10,
                      data={"user_code": d["user_code"], "action": "approve"})
    c.check(r.status_code == 200, "oidc device: the page approves", r.status_code)
    r = oidc_poll(t, d["device_code"])
    tok = r.json()
    claims = json.loads(b64url_decode(tok["id_token"].split(".")[1])) if "id_token" in tok else {}
    jwk = requests.get(disc["jwks_uri"], timeout=10).json()["keys"][0]
    now = time.time()
    c.check(r.status_code == 200 and tok.get("token_type") == "Bearer"
            and tok.get("expires_in") == 3600 and tok.get("refresh_token")
            and verifies(tok.get("id_token", ""), jwk, "RS256"),
            "oidc device: token answer (access, id, refresh tokens)", tok)
    c.check(claims.get("iss") == t["issuer"] and claims.get("aud") == t["client_id"]
            and claims.get("sub") == "248289761001" and "nonce" not in claims
            and now - 60 < claims.get("auth_time", 0) <= now + 1 and "at_hash" in claims
            and claims.get("email") == "jane@example.com" and claims.get("name") == "Jane Doe",
            "oidc device: ID token claims (no nonce)", claims)
    ui = requests.get(disc["userinfo_endpoint"], timeout=10,
                      headers={"Authorization": f"Bearer {tok.get('access_token')}"})
    c.check(ui.status_code == 200, "oidc device: access token works on userinfo")
    r = oidc_poll(t, d["device_code"])
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "oidc device: an approved device code is single use -> invalid_grant", r.text)

    d = oidc_code(t).json()
    control(base, d["user_code"], "deny")
    r = oidc_poll(t, d["device_code"])
    c.check(r.status_code == 400 and r.json().get("error") == "access_denied",
            "oidc device: denied -> HTTP 400 access_denied", r.text)
    r = oidc_poll(t, "no-such-device-code")
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "oidc device: unknown device code -> invalid_grant", r.text)
    d2 = oidc_code(other).json()
    r = oidc_poll(t, d2["device_code"])
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "oidc device: another tenant's device code -> invalid_grant", r.text)
    stats = requests.get(f"{base}/_test/tenants/{t['tenant']}/stats", timeout=10).json()
    c.check(stats.get("device_polls") == 6 and all(isinstance(v, int) for v in stats.values()),
            "oidc device: stats count device polls (all values ints)", stats)
    oidc_timing_and_errors(c, base)


def oidc_timing_and_errors(c, base):
    t = new_tenant(base, device_interval=1)
    short = new_tenant(base, device_interval=0, device_expires_in=1)
    late = new_tenant(base, device_interval=0)
    d, ds, dl = oidc_code(t).json(), oidc_code(short).json(), oidc_code(late).json()
    first = oidc_poll(t, d["device_code"]).json()
    again = oidc_poll(t, d["device_code"])
    pending = oidc_poll(short, ds["device_code"]).json()
    control(base, dl["user_code"], "approve")
    time.sleep(1.1)
    tok = oidc_poll(late, dl["device_code"]).json()
    claims = json.loads(b64url_decode(tok["id_token"].split(".")[1])) if "id_token" in tok else {}
    c.check(0 < claims.get("iat", 0) - claims.get("auth_time", 0) <= 3,
            "oidc device: auth_time is when the user approved, before the token's iat", claims)
    c.check(first.get("error") == "authorization_pending" and again.status_code == 400
            and again.json().get("error") == "slow_down",
            "oidc device: early poll -> HTTP 400 slow_down", again.text)
    expired = oidc_poll(short, ds["device_code"])
    c.check(pending.get("error") == "authorization_pending" and expired.status_code == 400
            and expired.json().get("error") == "expired_token",
            "oidc device: after device_expires_in -> HTTP 400 expired_token", expired.text)
    log = tenant_log(base, t)["device"]
    polls = [e for e in log if e["kind"] == "poll"]
    c.check([e["interval"] for e in polls] == [1, 6] and polls[1]["t"] - polls[0]["t"] < 1
            and d["device_code"] not in str(log),
            "oidc device: log shows the interval growing 1 -> 6", log)

    forced = new_tenant(base, device_interval=0, device_slow_down=1, device_slow_down_step=0)
    d = oidc_code(forced).json()
    got = [oidc_poll(forced, d["device_code"]).json().get("error") for _ in range(2)]
    c.check(got == ["slow_down", "authorization_pending"], "oidc device: device_slow_down=1", got)

    off = new_tenant(base, device_grant=False)
    disc = requests.get(f"{off['issuer']}/.well-known/openid-configuration", timeout=10).json()
    r = oidc_code(off)
    p = oidc_poll(off, "x")
    c.check("device_authorization_endpoint" not in disc
            and GRANT not in disc["grant_types_supported"]
            and r.status_code == 400 and r.json().get("error") == "unauthorized_client"
            and p.status_code == 400 and p.json().get("error") == "unauthorized_client",
            "oidc device: device_grant false -> not advertised, unauthorized_client",
            (r.text, p.text))
    r = requests.post(f"{t['issuer']}/device_authorization", timeout=10, data={
        "scope": "openid", "client_id": t["client_id"], "client_secret": t["client_secret"]})
    c.check(r.status_code == 401 and r.json().get("error") == "invalid_client",
            "oidc device: only the tenant's auth method (basic) -> post gets 401", r.text)
    pub = new_tenant(base, token_endpoint_auth_method="none", device_interval=0)
    r = requests.post(f"{pub['issuer']}/device_authorization", timeout=10,
                      data={"scope": "openid", "client_id": pub["client_id"]})
    p = requests.post(f"{pub['issuer']}/token", timeout=10, data={
        "grant_type": GRANT, "client_id": pub["client_id"],
        "device_code": r.json().get("device_code")})
    c.check(r.status_code == 200 and p.json().get("error") == "authorization_pending",
            "oidc device: a public client (none) uses the device grant", (r.text, p.text))
