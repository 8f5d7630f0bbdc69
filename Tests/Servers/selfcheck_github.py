"""Self-check of the GitHub-like server (run by selfcheck.py)."""

from urllib.parse import parse_qs

import requests

import selfcheck_device
from selfcheck import browse, pkce_pair

JSON = {"Accept": "application/json"}


def new_client(base, **body):
    return requests.post(f"{base}/_test/clients", json=body, timeout=10).json()


def authorize(base, cl, redirect_uri="com.example.test:/oauth2redirect", scope="read:user user:email",
              method="S256", **extra):
    verifier, challenge = pkce_pair()
    params = {"client_id": cl["client_id"], "redirect_uri": redirect_uri, "scope": scope,
              "state": "st-123", "response_type": "code"}
    if method:
        params.update(code_challenge=challenge if method == "S256" else verifier,
                      code_challenge_method=method)
    params.update(extra)
    status, loc, q = browse(f"{base}/login/oauth/authorize", params)
    return status, loc, q, verifier


def exchange(base, cl, code, verifier, headers=JSON, redirect_uri="com.example.test:/oauth2redirect",
             basic=False):
    form = {"grant_type": "authorization_code", "code": code, "code_verifier": verifier,
            "redirect_uri": redirect_uri}
    auth = None
    if basic:
        auth = (cl["client_id"], cl["client_secret"])
    else:
        form["client_id"] = cl["client_id"]
        if cl["client_secret"]:
            form["client_secret"] = cl["client_secret"]
    return requests.post(f"{base}/login/oauth/access_token", data=form, headers=headers, auth=auth,
                         allow_redirects=False, timeout=10)


def sign_in(base, cl, **kw):
    _, _, q, verifier = authorize(base, cl, **kw)
    return exchange(base, cl, q.get("code", ""), verifier)


def run(c, base):
    print(f"--- GitHub-like server {base}")
    cl = new_client(base)
    status, loc, q, verifier = authorize(base, cl)
    c.check(status == 302 and loc.startswith("com.example.test:/oauth2redirect?"),
            "gh: authorize redirects to the custom-scheme URI", loc)
    c.check(q.get("state") == "st-123" and len(q.get("code", "")) > 20, "gh: code and state", q)
    r = exchange(base, cl, q["code"], verifier)
    tok = r.json() if r.status_code == 200 else {}
    c.check(r.headers["Content-Type"].startswith("application/json"), "gh: JSON token answer")
    c.check(tok.get("token_type") == "bearer" and tok.get("scope") == "read:user,user:email"
            and tok["access_token"].startswith("gho_") and tok.get("expires_in") == 28800
            and "refresh_token" not in tok, "gh: token fields (bearer, comma scope)", tok)
    bearer = {"Authorization": f"Bearer {tok.get('access_token')}"}
    user = requests.get(f"{base}/user", headers=bearer, timeout=10).json()
    c.check(user.get("id") == 1001 and user.get("login") == "octocat"
            and user.get("email") == "octocat@example.com" and "avatar_url" in user, "gh: /user", user)
    legacy = requests.get(f"{base}/user", headers={"Authorization": f"token {tok.get('access_token')}"},
                          timeout=10)
    c.check(legacy.status_code == 200, "gh: /user accepts 'Authorization: token X'")
    emails = requests.get(f"{base}/user/emails", headers=bearer, timeout=10).json()
    c.check(emails == [{"email": "octocat@example.com", "primary": True, "verified": True,
                        "visibility": "public"}], "gh: /user/emails", emails)
    r = exchange(base, cl, q["code"], verifier)
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "gh: code is single-use", r.text)
    bad = requests.get(f"{base}/user", headers={"Authorization": "Bearer nope"}, timeout=10)
    c.check(bad.status_code == 401 and bad.json().get("message") == "Bad credentials",
            "gh: bad token -> 401 Bad credentials", bad.text)
    c.check(requests.get(f"{base}/user", timeout=10).status_code == 401, "gh: no token -> 401")

    # Form-encoded answer when Accept is not JSON.
    _, _, q, verifier = authorize(base, cl, scope="read:user")
    r = exchange(base, cl, q["code"], verifier, headers={})
    form = {k: v[0] for k, v in parse_qs(r.text).items()}
    c.check(r.status_code == 200 and r.headers["Content-Type"].startswith(
        "application/x-www-form-urlencoded") and form.get("token_type") == "bearer"
        and form.get("scope") == "read:user", "gh: form-encoded token answer", r.text)
    nomail = requests.get(f"{base}/user/emails", timeout=10,
                          headers={"Authorization": f"Bearer {form.get('access_token')}"})
    c.check(nomail.status_code == 404 and nomail.json()["message"] == "Not Found",
            "gh: /user/emails without user:email -> 404")

    # PKCE and redirect URI enforcement.
    status, loc, q, _ = authorize(base, cl, method=None)
    c.check(status == 302 and q.get("error") == "invalid_request" and "code" not in q,
            "gh: missing PKCE -> error redirect", loc)
    status, loc, q, _ = authorize(base, cl, method="plain")
    c.check(status == 302 and q.get("error") == "invalid_request" and "code" not in q,
            "gh: plain PKCE -> error redirect", loc)
    status, loc, q, _ = authorize(base, cl, code_challenge_method=None, method="S256")
    c.check(status == 302 and q.get("error") == "invalid_request",
            "gh: challenge without method (defaults to plain) -> error redirect", loc)
    status, loc, _, _ = authorize(base, cl, redirect_uri="com.example.test:/other")
    c.check(status == 400 and loc is None, "gh: wrong redirect_uri -> 400, no redirect", status)
    status, loc, _, _ = authorize(base, cl, redirect_uri="com.example.test:/oauth2redirect/")
    c.check(status == 400 and loc is None, "gh: redirect_uri must match exactly")
    status, loc, _, _ = authorize(base, {"client_id": "nope"})
    c.check(status == 400 and loc is None, "gh: unknown client -> 400")
    status, loc, q, _ = authorize(base, cl, scope="repo")
    c.check(q.get("error") == "invalid_scope", "gh: scope outside the client's -> invalid_scope", loc)
    _, _, q, verifier = authorize(base, cl)
    r = exchange(base, cl, q["code"], pkce_pair()[0])
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "gh: wrong code_verifier -> invalid_grant", r.text)

    # Other redirect URI shapes, auth methods, consent denial.
    uris = ["com.example.test://cb/path", "http://127.0.0.1:43123/callback"]
    cl2 = new_client(base, redirect_uris=uris, token_endpoint_auth_method="client_secret_basic")
    for uri in uris:
        _, loc, q, verifier = authorize(base, cl2, redirect_uri=uri)
        ok = loc and loc.startswith(uri + "?") and "code" in q
        r = exchange(base, cl2, q.get("code", ""), verifier, redirect_uri=uri, basic=True)
        c.check(ok and r.status_code == 200, f"gh: {uri} + client_secret_basic", (loc, r.text))
    r = exchange(base, cl2, "x", "y" * 43, redirect_uri=uris[0])
    c.check(r.status_code == 401 and r.json().get("error") == "invalid_client",
            "gh: basic-auth client posting its secret -> 401 invalid_client", r.text)
    pub = new_client(base, token_endpoint_auth_method="none")
    c.check(pub["client_secret"] is None, "gh: public client has no secret")
    c.check(sign_in(base, pub).status_code == 200, "gh: public client (none) signs in")
    deny = new_client(base, consent="deny")
    _, loc, q, _ = authorize(base, deny)
    c.check(q.get("error") == "access_denied" and q.get("state") == "st-123" and "code" not in q,
            "gh: consent deny -> access_denied with state", loc)

    # Refresh tokens with rotation.
    rc = new_client(base, issue_refresh_token=True)
    t1 = sign_in(base, rc).json()

    def refresh(rt):
        return requests.post(f"{base}/login/oauth/access_token", headers=JSON, timeout=10, data={
            "grant_type": "refresh_token", "refresh_token": rt,
            "client_id": rc["client_id"], "client_secret": rc["client_secret"]})
    r2 = refresh(t1.get("refresh_token", ""))
    t2 = r2.json()
    c.check(r2.status_code == 200 and t2.get("refresh_token") not in (None, t1.get("refresh_token"))
            and t2["access_token"] != t1["access_token"], "gh: refresh issues new tokens", t2)
    r3 = refresh(t1.get("refresh_token", ""))
    c.check(r3.status_code == 400 and r3.json().get("error") == "invalid_grant",
            "gh: reused refresh token -> invalid_grant", r3.text)
    c.check(refresh(t2.get("refresh_token", "")).status_code == 200, "gh: rotated token works")

    # Reuse detection: a rotated-away refresh token revokes the grant; refresh_expires_in.
    rc = new_client(base, issue_refresh_token=True, reuse_detection=True, expires_in=3,
                    refresh_expires_in=3600)
    t1 = sign_in(base, rc).json()
    t2 = refresh(t1.get("refresh_token", "")).json()
    c.check(t1.get("expires_in") == 3 and t2.get("expires_in") == 3600,
            "gh: refresh_expires_in for refreshed tokens", (t1.get("expires_in"), t2.get("expires_in")))
    c.check(refresh(t1.get("refresh_token", "")).status_code == 400, "gh: reuse detected")
    c.check(refresh(t2.get("refresh_token", "")).status_code == 400,
            "gh: reuse revoked the grant's newer refresh token")

    # Faults.
    r = sign_in(base, new_client(base, fault="token_500"))
    c.check(r.status_code == 500 and r.headers["Content-Type"].startswith("text/html"),
            "gh: fault token_500")
    r = sign_in(base, new_client(base, fault="token_garbage"))
    c.check(r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
            and r.text.startswith("<"), "gh: fault token_garbage")
    fr = new_client(base, fault="token_redirect")
    r = sign_in(base, fr)
    loc = r.headers.get("Location", "")
    c.check(r.status_code == 302 and loc.startswith(base + "/_test/redirect-target"),
            "gh: fault token_redirect", loc)
    log = requests.get(f"{base}/_test/clients/{fr['client_id']}/log", timeout=10).json()
    c.check(log["redirect_target_hits"] == 0, "gh: redirect target not hit yet")
    requests.get(loc, timeout=10)
    log = requests.get(f"{base}/_test/clients/{fr['client_id']}/log", timeout=10).json()
    c.check(log["redirect_target_hits"] == 1, "gh: redirect target hit recorded")
    r = sign_in(base, new_client(base, fault="token_200_error"))
    c.check(r.status_code == 200 and r.json().get("error") == "bad_verification_code",
            "gh: fault token_200_error", r.text)
    uc = new_client(base, fault="user_500")
    tok = sign_in(base, uc).json()
    r = requests.get(f"{base}/user", headers={"Authorization": f"Bearer {tok['access_token']}"},
                     timeout=10)
    c.check(r.status_code == 500, "gh: fault user_500")

    # The request log shows names, never values.
    log = requests.get(f"{base}/_test/clients/{cl2['client_id']}/log", timeout=10).json()
    first = log["requests"][0]
    c.check(first["has_basic_auth"] and first["grant_type"] == "authorization_code"
            and first["form_keys"] == ["code", "code_verifier", "grant_type", "redirect_uri"]
            and first["path"] == "/login/oauth/access_token", "gh: request log", first)
    c.check(cl2["client_secret"] not in str(log), "gh: log holds no secrets")

    check_revocation(c, base)
    selfcheck_device.run_github(c, base)


def check_revocation(c, base):
    """DELETE /applications/<client_id>/token (GitHub's "Delete an app token")."""
    rc = new_client(base, issue_refresh_token=True)
    tok = sign_in(base, rc).json()
    url = f"{base}/applications/{rc['client_id']}/token"
    basic = (rc["client_id"], rc["client_secret"])

    def delete(body, auth=basic, to=url):
        return requests.delete(to, json=body, auth=auth, timeout=10)

    r = delete({"access_token": tok.get("access_token")})
    c.check(r.status_code == 204 and r.content == b"", "gh: delete app token -> 204", r.text)
    me = requests.get(f"{base}/user", headers={"Authorization": f"Bearer {tok.get('access_token')}"},
                      timeout=10)
    c.check(me.status_code == 401, "gh: revoked token -> /user 401", me.text)
    r = requests.post(f"{base}/login/oauth/access_token", headers=JSON, timeout=10, data={
        "grant_type": "refresh_token", "refresh_token": tok.get("refresh_token"),
        "client_id": rc["client_id"], "client_secret": rc["client_secret"]})
    c.check(r.status_code == 400 and r.json().get("error") == "invalid_grant",
            "gh: revoked token's refresh token -> invalid_grant", r.text)
    r = delete({"access_token": tok.get("access_token")})
    c.check(r.status_code == 404 and r.json().get("message") == "Not Found",
            "gh: delete an already revoked token -> 404", r.text)
    other = sign_in(base, rc).json()["access_token"]
    r = delete({"access_token": other}, auth=(rc["client_id"], "wrong"))
    c.check(r.status_code == 401 and r.json().get("message") == "Bad credentials",
            "gh: delete app token with a wrong secret -> 401", r.text)
    c.check(delete({"access_token": other}, auth=None).status_code == 401,
            "gh: delete app token without Basic auth -> 401")
    cl = new_client(base)
    r = delete({"access_token": other}, to=f"{base}/applications/{cl['client_id']}/token")
    c.check(r.status_code == 404, "gh: client_id in the path != Basic user -> 404", r.text)
    log = requests.get(f"{base}/_test/clients/{rc['client_id']}/log", timeout=10).json()
    c.check(log.get("revocations") == 1 and other not in str(log)
            and tok["access_token"] not in str(log), "gh: log counts revocations, no tokens", log)
    fc = new_client(base, fault="revoke_500")
    ftok = sign_in(base, fc).json()["access_token"]
    r = requests.delete(f"{base}/applications/{fc['client_id']}/token", timeout=10,
                        json={"access_token": ftok}, auth=(fc["client_id"], fc["client_secret"]))
    c.check(r.status_code == 500, "gh: fault revoke_500")
