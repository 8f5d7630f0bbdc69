"""Self-check of Identity Toolkit privacy and faults (run by selfcheck_identity_toolkit.py):
createAuthUri and password errors with and without email enumeration protection, too many
attempts, injected faults, the request log, emulator DELETE accounts and tenants."""

import requests

from selfcheck_itk_support import Itk, claims_of, err, github_token


def check_privacy_and_faults(c, itk, gh):
    itk.password_user("priv@example.com")
    uri = {"identifier": "priv@example.com", "continueUri": "http://localhost"}
    s, b = itk.call("createAuthUri", uri)
    c.check(s == 200 and b.get("registered") is True and b.get("signinMethods") == ["password"]
            and b.get("allProviders") == ["password"], "itk: createAuthUri lists methods", b)
    c.check(err(itk.call("signInWithPassword", {"email": "priv@example.com", "password": "bad-pw"}))
            == (400, "INVALID_PASSWORD") and err(itk.call("signInWithPassword", {
                "email": "none@example.com", "password": "bad-pw"})) == (400, "EMAIL_NOT_FOUND"),
            "itk: INVALID_PASSWORD / EMAIL_NOT_FOUND without protection")
    cfg = requests.patch(f"{itk.base}/emulator/v1/projects/{itk.p['project_id']}/config", json={
        "emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, timeout=10).json()
    s, b = itk.call("createAuthUri", uri)
    c.check(cfg["emailPrivacyConfig"]["enableImprovedEmailPrivacy"] is True and s == 200
            and not {"registered", "signinMethods", "allProviders"} & set(b),
            "itk: enumeration protection hides createAuthUri methods", b)
    c.check(err(itk.call("signInWithPassword", {"email": "priv@example.com", "password": "bad-pw"}))
            == err(itk.call("signInWithPassword", {"email": "none@example.com",
                                                   "password": "bad-pw"}))
            == (400, "INVALID_LOGIN_CREDENTIALS"),
            "itk: INVALID_LOGIN_CREDENTIALS under protection")
    itk.call("signInWithPassword", {"email": "priv@example.com", "password": "bad-pw-3"})
    ok = itk.call("signInWithPassword", {"email": "priv@example.com", "password": "secret-pw"})
    c.check(err(ok)[0] == 400 and err(ok)[1].startswith("TOO_MANY_ATTEMPTS_TRY_LATER"),
            "itk: 3 failed attempts -> TOO_MANY_ATTEMPTS_TRY_LATER even with the right password",
            ok)

    n = len(itk.accounts())
    itk.test("fault", {"op": "signInWithIdp", "status": 503, "count": 1})
    token = github_token(gh, 8001, "f8001@example.com")
    s, b = itk.idp(f"providerId=github.com&access_token={token}")
    c.check(s == 503 and b["error"].get("status") == "UNAVAILABLE" and len(itk.accounts()) == n,
            "itk: 503 fault answers 503 and changes nothing", b)
    s, b = itk.idp(f"providerId=github.com&access_token={token}")
    c.check(s == 200 and b.get("isNewUser") is True and len(itk.accounts()) == n + 1,
            "itk: the fault is used up after count requests", b)
    itk.test("fault", {"op": "token", "status": 500})
    c.check(itk.token({"grant_type": "refresh_token",
                       "refresh_token": b.get("refreshToken")})[0] == 500, "itk: token fault 500")

    log = itk.test("log", method="get")["requests"]
    idp = [e for e in log if e["op"] == "signInWithIdp" and e.get("has_id_token")]
    c.check(idp and idp[0]["post_body_fields"] == ["access_token", "providerId"]
            and idp[0]["path_form"] == "emulator" and idp[0]["request_uri"] == "http://localhost"
            and "return_idp_credential" in idp[0], "itk: request log fields", idp[:1])
    text = str(log)
    c.check(token not in text and "secret-pw" not in text
            and (b.get("refreshToken") or "x") not in text, "itk: log holds no secrets")
    r = requests.delete(f"{itk.base}/emulator/v1/projects/{itk.p['project_id']}/accounts",
                        timeout=10)
    c.check(r.status_code == 200 and itk.accounts() == [], "itk: emulator DELETE accounts")

    t = Itk(itk.base, tenants=["tenant-a"])
    s, b = t.call("signUp", {"email": "t@example.com", "password": "secret-pw",
                             "tenantId": "tenant-a"})
    _, claims = claims_of(itk.base, b.get("idToken", ""))
    c.check(s == 200 and claims.get("firebase", {}).get("tenant") == "tenant-a",
            "itk: tenant sign-up, firebase.tenant in the ID token", claims)
    c.check(err(t.call("lookup", {"idToken": b.get("idToken"), "tenantId": "tenant-b"}))
            == (400, "TENANT_ID_MISMATCH"), "itk: TENANT_ID_MISMATCH")
    c.check(err(t.call("signUp", {"email": "u@example.com", "password": "secret-pw",
                                  "tenantId": "nope"})) == (400, "TENANT_NOT_FOUND"),
            "itk: unknown tenant -> TENANT_NOT_FOUND")
