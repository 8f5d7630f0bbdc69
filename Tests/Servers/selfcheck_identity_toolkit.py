"""Self-check of the Identity Toolkit test server against the live provider servers (run by
selfcheck.py): real GitHub, X and OIDC credentials from the servers beside it."""

import hashlib
import secrets

import requests
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

import selfcheck_github
import selfcheck_twitter
from selfcheck import browse, pkce_pair

V1 = "/identitytoolkit.googleapis.com/v1/accounts:"
JWKS = "/robot/v1/metadata/jwk/securetoken@system.gserviceaccount.com"


class Itk:
    """A client of one test project."""

    def __init__(self, base, **body):
        self.base, self.body = base, body
        self.p = requests.post(f"{base}/_test/projects", json=body, timeout=10).json()
        self.key = self.p.get("api_key")

    def call(self, op, body, key=None, headers=None, path=None):
        r = requests.post(self.base + (path or V1 + op), json=body, timeout=30, headers=headers,
                          params={} if key is False else {"key": key or self.key})
        return r.status_code, r.json()

    def token(self, data, form=True):
        url = f"{self.base}/securetoken.googleapis.com/v1/token"
        kw = {"data": data} if form else {"json": data}
        r = requests.post(url, params={"key": self.key}, timeout=10, **kw)
        return r.status_code, r.json()

    def test(self, what, body=None, method="post"):
        r = requests.request(method, f"{self.base}/_test/projects/{self.p['project_id']}/{what}",
                             json=body, timeout=10)
        return r.json()

    def accounts(self):
        return self.test("accounts", method="get")["accounts"]

    def idp(self, post_body, **extra):
        return self.call("signInWithIdp", {"requestUri": "http://localhost", "postBody": post_body,
                                           "returnSecureToken": True, **extra})

    def password_user(self, email, password="secret-pw"):
        return self.call("signUp", {"email": email, "password": password,
                                    "returnSecureToken": True})[1]


def err(resp):
    status, body = resp
    return status, body.get("error", {}).get("message") or body.get("errorMessage") or ""


def claims_of(base, id_token):
    """Verify `id_token` with the published JWKS as a backend would: (header, claims), or
    ({}, {}) when it does not verify."""
    keys = KeySet.import_key_set(requests.get(base + JWKS, timeout=10).json())
    try:
        decoded = jwt.decode(id_token, keys, algorithms=["RS256"])
    except (JoseError, ValueError):
        return {}, {}
    return decoded.header, decoded.claims


def github_token(gh, user_id, email, verified=True):
    cl = selfcheck_github.new_client(gh, user={"id": user_id, "login": f"u{user_id}",
                                               "email": email, "emails": [
                                                   {"email": email, "primary": True,
                                                    "verified": verified}]})
    return selfcheck_github.sign_in(gh, cl).json()["access_token"]


def oidc_id_token(tenant, nonce):
    disc = requests.get(f"{tenant['issuer']}/.well-known/openid-configuration", timeout=10).json()
    verifier, challenge = pkce_pair()
    params = {"client_id": tenant["client_id"], "redirect_uri": "com.example.test:/oidc",
              "response_type": "code", "scope": "openid email profile", "state": "s",
              "code_challenge": challenge, "code_challenge_method": "S256"}
    if nonce:
        params["nonce"] = nonce
    _, _, q = browse(disc["authorization_endpoint"], params)
    r = requests.post(disc["token_endpoint"], timeout=10, auth=(tenant["client_id"],
                                                                tenant["client_secret"]),
                      data={"grant_type": "authorization_code", "code": q.get("code"),
                            "redirect_uri": "com.example.test:/oidc", "code_verifier": verifier})
    return r.json()["id_token"]


def hexsha(raw):
    return hashlib.sha256(raw.encode()).hexdigest()


def run(c, urls):
    base, gh, tw, oidc = urls["identitytoolkit"], urls["github"], urls["twitter"], urls["oidc"]
    print(f"--- Identity Toolkit server {base}")
    cons = selfcheck_twitter.new_consumer(tw, user={"id_str": "4242", "screen_name": "xdev",
                                                    "email": "shared@example.com"})
    ten = {m: requests.post(f"{oidc}/_test/tenants", timeout=30, json={
        "mode": m, "user": {"sub": f"sub-{m}", "email": f"{m}@example.com"}}).json()
        for m in ("ok", "wrong_aud", "bad_signature", "expired")}
    providers = {"github.com": {"client_id": "gh", "client_secret": "s", "base_url": gh},
                 "twitter.com": {"consumer_key": cons["consumer_key"],
                                 "consumer_secret": cons["consumer_secret"], "base_url": tw}}
    providers.update({f"oidc.{m}": {"issuer": t["issuer"], "client_id": t["client_id"]}
                      for m, t in ten.items()})
    itk = Itk(base, providers=providers, max_password_attempts=3)
    check_keys_and_errors(c, itk)
    check_github(c, itk, gh)
    check_twitter_oidc(c, itk, tw, cons, ten, oidc)
    check_linking(c, itk, gh, tw, cons)
    check_sessions(c, itk, gh)
    check_privacy_and_faults(c, itk, gh)


def check_keys_and_errors(c, itk):
    s, b = itk.call("signUp", {}, key=False)
    c.check(s == 403 and b["error"].get("status") == "PERMISSION_DENIED",
            "itk: no API key -> 403", b)
    s, b = itk.call("signUp", {}, key="AIzaWrong")
    e = b.get("error", {})
    c.check(s == 400 and e.get("message") == "API key not valid. Please pass a valid API key."
            and e.get("status") == "INVALID_ARGUMENT" and e["errors"][0]["reason"] == "badRequest"
            and e["details"][0]["reason"] == "API_KEY_INVALID", "itk: bad API key shape", b)
    s, b = itk.call("signUp", {"email": "hdr@example.com", "password": "secret-pw"}, key=False,
                    headers={"x-goog-api-key": itk.key})
    c.check(s == 200 and b.get("idToken"), "itk: x-goog-api-key header accepted", b)
    c.check(err(itk.call("signUp", {"email": "hdr@example.com", "password": "secret-pw"}))
            == (400, "EMAIL_EXISTS"), "itk: signUp EMAIL_EXISTS")
    c.check(err(itk.call("signUp", {"email": "weak@example.com", "password": "12345"}))
            == (400, "WEAK_PASSWORD : Password should be at least 6 characters"),
            "itk: WEAK_PASSWORD below 6 characters")
    s, b = itk.call("signUp", {"email": "x@example.com", "password": "secret-pw", "bogus": 1})
    c.check(s == 400 and 'Unknown name "bogus"' in b["error"]["message"],
            "itk: unknown request field -> 400 INVALID_ARGUMENT", b)
    c.check(err(itk.idp("providerId=github.com&access_token=x", requestUri=None))
            == (400, "MISSING_REQUEST_URI"), "itk: requestUri required")
    c.check(err(itk.idp("providerId=github.com&access_token=x", requestUri="not/absolute"))
            == (400, "INVALID_REQUEST_URI"), "itk: requestUri must be absolute")
    c.check(err(itk.idp("providerId=google.com&id_token=x"))[1].startswith(
        "OPERATION_NOT_ALLOWED"), "itk: provider not enabled -> OPERATION_NOT_ALLOWED")
    c.check(err(itk.idp("providerId=nonsense&access_token=x"))[1].startswith(
        "INVALID_PROVIDER_ID"), "itk: unknown provider id -> INVALID_PROVIDER_ID")
    c.check(err(itk.call("lookup", {"idToken": "a.b.c"})) == (400, "INVALID_ID_TOKEN"),
            "itk: garbage ID token -> INVALID_ID_TOKEN")
    off = Itk(itk.base, password_enabled=False)
    c.check(err(off.call("signUp", {"email": "o@example.com", "password": "secret-pw"}))
            == (400, "OPERATION_NOT_ALLOWED"), "itk: password sign-up disabled")
    c.check(err(itk.token({"grant_type": "refresh_token", "refresh_token": "nope"}))
            == (400, "INVALID_REFRESH_TOKEN"), "itk: bad refresh token")


def check_github(c, itk, gh):
    token = github_token(gh, 5001, "Octo@Example.com")
    s, b = itk.idp(f"providerId=github.com&access_token={token}", returnIdpCredential=True)
    raw = b.get("rawUserInfo")
    c.check(s == 200 and b.get("isNewUser") is True and b.get("providerId") == "github.com"
            and b.get("federatedId") == "5001" and b.get("email") == "octo@example.com"
            and b.get("emailVerified") is True and b.get("screenName") == "u5001"
            and b.get("oauthAccessToken") == token and isinstance(raw, str) and '"id":5001' in raw
            and b.get("expiresIn") == "3600", "itk: GitHub sign-in with a real token", b)
    header, claims = claims_of(itk.base, b.get("idToken", ""))
    pid = itk.p["project_id"]
    c.check(header.get("alg") == "RS256" and header.get("kid") and claims
            and claims["iss"] == f"https://securetoken.google.com/{pid}" and claims["aud"] == pid
            and claims["sub"] == claims["user_id"] == b["localId"]
            and claims["exp"] == claims["iat"] + 3600 and "auth_time" in claims
            and claims["email"] == "octo@example.com" and claims["email_verified"] is True
            and claims["firebase"] == {"identities": {"github.com": ["5001"],
                                                      "email": ["octo@example.com"]},
                                       "sign_in_provider": "github.com"},
            "itk: ID token verifies with the published JWKS (RS256, claims)", claims)
    s2, b2 = itk.idp(f"providerId=github.com&access_token={token}")
    c.check(s2 == 200 and b2.get("localId") == b["localId"] and "isNewUser" not in b2,
            "itk: same GitHub user signs in to the same account", b2)
    c.check(err(itk.idp("providerId=github.com&access_token=gho_forged"))[1].startswith(
        "INVALID_IDP_RESPONSE"), "itk: rejected GitHub token -> INVALID_IDP_RESPONSE")
    c.check(err(itk.idp('providerId=github.com&access_token={"sub":"5001"}'))[1].startswith(
        "INVALID_IDP_RESPONSE"), "itk: emulator JSON-claims shortcut not accepted")
    s, b = itk.call("lookup", {"idToken": b["idToken"]})
    info = b["users"][0]["providerUserInfo"] if s == 200 else []
    c.check(info == [{"providerId": "github.com", "rawId": "5001", "federatedId": "5001",
                      "email": "octo@example.com", "displayName": "Mona Octocat",
                      "photoUrl": info[0].get("photoUrl"), "screenName": "u5001"}]
            if info else False, "itk: lookup providerUserInfo (rawId = GitHub id)", b)


def check_twitter_oidc(c, itk, tw, cons, ten, oidc):
    _, tok, _ = selfcheck_twitter.sign_in(tw, cons)
    post = f"providerId=twitter.com&access_token={tok['oauth_token']}" \
           f"&oauth_token_secret={tok['oauth_token_secret']}"
    s, b = itk.idp(post, returnIdpCredential=True)
    c.check(s == 200 and b.get("federatedId") == "4242" and b.get("screenName") == "xdev"
            and b.get("oauthTokenSecret") == tok["oauth_token_secret"]
            and b.get("emailVerified") is False and b.get("isNewUser") is True,
            "itk: X sign-in (OAuth 1.0a verify_credentials)", b)
    log = requests.get(f"{tw}/_test/clients/{cons['consumer_key']}/log", timeout=10).json()
    c.check({"method": "GET", "path": "/1.1/account/verify_credentials.json",
             "signature_verified": True} in log, "itk: X call was signed with the project's keys")
    bad = post.replace(tok["oauth_token_secret"], "wrong")
    c.check(err(itk.idp(bad))[1].startswith("INVALID_IDP_RESPONSE"),
            "itk: X token with a wrong secret -> INVALID_IDP_RESPONSE")

    raw = secrets.token_urlsafe(16)
    id_token = oidc_id_token(ten["ok"], hexsha(raw))
    s, b = itk.idp(f"providerId=oidc.ok&id_token={id_token}&nonce={raw}")
    c.check(s == 200 and b.get("federatedId") == "sub-ok" and b.get("oauthIdToken") == id_token
            and b.get("email") == "ok@example.com", "itk: OIDC id_token + raw nonce", b)
    st = requests.get(f"{oidc}/_test/tenants/{ten['ok']['tenant']}/stats", timeout=10).json()
    c.check(st["discovery_fetches"] >= 1 and st["jwks_fetches"] >= 1,
            "itk: OIDC discovery and JWKS fetched", st)
    no_nonce = oidc_id_token(ten["ok"], hexsha(secrets.token_urlsafe(16)))
    c.check(err(itk.idp(f"providerId=oidc.ok&id_token={no_nonce}"))
            == (400, "MISSING_OR_INVALID_NONCE : Nonce is missing in the request."),
            "itk: OIDC without nonce -> MISSING_OR_INVALID_NONCE")
    raw2 = secrets.token_urlsafe(16)
    c.check(err(itk.idp(f"providerId=oidc.ok&id_token={oidc_id_token(ten['ok'], raw2)}"
                        f"&nonce={raw2}"))[1].startswith("MISSING_OR_INVALID_NONCE : The nonce"),
            "itk: OIDC nonce claim must be SHA-256 of the raw nonce")
    for mode in ("wrong_aud", "bad_signature", "expired"):
        raw = secrets.token_urlsafe(16)
        tok_m = oidc_id_token(ten[mode], hexsha(raw))
        c.check(err(itk.idp(f"providerId=oidc.{mode}&id_token={tok_m}&nonce={raw}"))[1]
                .startswith("INVALID_IDP_RESPONSE"), f"itk: OIDC {mode} -> INVALID_IDP_RESPONSE")
    c.check(err(itk.idp('providerId=oidc.ok&id_token={"sub":"x"}'))[1].startswith(
        "INVALID_IDP_RESPONSE"), "itk: OIDC JSON claims are not an id_token")


def check_linking(c, itk, gh, tw, cons):
    user = itk.password_user("link@example.com")
    token = github_token(gh, 6001, "other6001@example.com")
    s, b = itk.idp(f"providerId=github.com&access_token={token}", idToken=user["idToken"])
    c.check(s == 200 and b.get("localId") == user["localId"] and "isNewUser" not in b,
            "itk: link GitHub onto a password user via idToken", b)
    s, look = itk.call("lookup", {"idToken": b.get("idToken")})
    ids = {i["providerId"]: i["rawId"] for i in look["users"][0]["providerUserInfo"]} \
        if s == 200 else {}
    c.check(ids == {"github.com": "6001", "password": "link@example.com"},
            "itk: lookup shows github.com (rawId) and password (rawId = email)", look)
    other = itk.password_user("other@example.com")
    s, b = itk.idp(f"providerId=github.com&access_token={token}", idToken=other["idToken"],
                   returnIdpCredential=True)
    c.check(s == 200 and b.get("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED"
            and b.get("oauthAccessToken") == token and "idToken" not in b,
            "itk: FEDERATED_USER_ID_ALREADY_LINKED as 200 errorMessage + credential", b)
    c.check(err(itk.idp(f"providerId=github.com&access_token={token}", idToken=other["idToken"]))
            == (400, "FEDERATED_USER_ID_ALREADY_LINKED"), "itk: ... and 400 without "
            "returnIdpCredential")
    s, b = itk.idp(f"providerId=github.com&access_token={token}", idToken=user["idToken"],
                   returnIdpCredential=True)
    c.check(b.get("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED",
            "itk: already linked to the same user -> FEDERATED_USER_ID_ALREADY_LINKED", b)
    s, b = itk.call("update", {"idToken": user["idToken"], "deleteProvider": ["github.com"]})
    c.check(s == 200 and [i["providerId"] for i in b.get("providerUserInfo", [])] == ["password"],
            "itk: update deleteProvider unlinks github.com", b)
    t2 = github_token(gh, 6002, "link@example.com")
    c.check(err(itk.idp(f"providerId=github.com&access_token={t2}", idToken=other["idToken"]))
            == (400, "EMAIL_EXISTS"), "itk: link with another user's email -> EMAIL_EXISTS")

    s, gu = itk.idp(f"providerId=github.com&access_token={github_token(gh, 6005, 'g@example.com')}")
    s, b = itk.call("signUp", {"idToken": gu.get("idToken"), "email": "g@example.com",
                               "password": "secret-pw"})
    s2, look = itk.call("lookup", {"idToken": b.get("idToken")})
    linked = sorted(i["providerId"] for i in look["users"][0]["providerUserInfo"]) \
        if s2 == 200 else []
    c.check(s == 200 and b.get("localId") == gu.get("localId")
            and linked == ["github.com", "password"],
            "itk: signUp with idToken links a password (same email) onto a GitHub user", b)
    # Verified IdP email of an existing account: needConfirmation all the same (production's
    # rule for untrusted providers; the emulator would auto-link), nothing changes.
    auto = itk.password_user("auto@example.com")
    auto_token = github_token(gh, 6003, "auto@example.com")
    s, b = itk.idp(f"providerId=github.com&access_token={auto_token}")
    s2, look = itk.call("lookup", {"idToken": auto["idToken"]})
    c.check(s == 200 and b.get("needConfirmation") is True and b.get("localId") == auto["localId"]
            and "idToken" not in b and s2 == 200
            and [i["providerId"] for i in look["users"][0]["providerUserInfo"]] == ["password"],
            "itk: verified GitHub email of an existing account -> needConfirmation", b)

    # Unverified IdP email (X) of an existing account: needConfirmation, then link by pendingToken.
    fresh = Itk(itk.base, **itk.body)  # X user 4242 already has an account in `itk`
    owner = fresh.password_user("shared@example.com")
    _, tok, _ = selfcheck_twitter.sign_in(tw, cons)
    post = f"providerId=twitter.com&access_token={tok['oauth_token']}" \
           f"&oauth_token_secret={tok['oauth_token_secret']}"
    s, b = fresh.idp(post, returnIdpCredential=True)
    c.check(s == 200 and b.get("needConfirmation") is True
            and b.get("email") == "shared@example.com"
            and b.get("localId") == owner["localId"] and b.get("verifiedProvider") == []
            and "idToken" not in b and b.get("pendingToken"), "itk: needConfirmation (X)", b)
    c.check(len(fresh.accounts()) == 1, "itk: needConfirmation creates nothing", fresh.accounts())
    s, b2 = fresh.call("signInWithIdp", {"requestUri": "http://localhost", "idToken":
                                         owner["idToken"], "pendingToken": b.get("pendingToken"),
                                         "postBody": "providerId=twitter.com"})
    c.check(s == 200 and b2.get("localId") == owner["localId"], "itk: link with pendingToken", b2)
    c.check(err(fresh.call("signInWithIdp", {"requestUri": "http://localhost", "pendingToken":
                                             "itk-pending-nope",
                                             "postBody": "providerId=twitter.com"}))
            == (400, "INVALID_PENDING_TOKEN"), "itk: unknown pendingToken -> INVALID_PENDING_TOKEN")
    s, b = fresh.idp(post, autoCreate=False)
    c.check(s == 200 and b.get("localId") == owner["localId"],
            "itk: autoCreate false signs a known identity in", b)

    n = len(itk.accounts())
    c.check(err(itk.idp(f"providerId=github.com&access_token={github_token(gh, 6004, 'n@x.org')}",
                        autoCreate=False)) == (400, "USER_NOT_FOUND")
            and len(itk.accounts()) == n, "itk: autoCreate false -> USER_NOT_FOUND, no account")


def check_sessions(c, itk, gh):
    user = itk.password_user("sess@example.com")
    s, r = itk.token({"grant_type": "refresh_token", "refresh_token": user["refreshToken"]})
    c.check(s == 200 and r.get("expires_in") == "3600" and r.get("token_type") == "Bearer"
            and r.get("user_id") == user["localId"] and r.get("id_token") == r.get("access_token")
            and r.get("project_id") == itk.p["project_number"]
            and r.get("refresh_token") == user["refreshToken"], "itk: refresh (form)", r)
    s, r = itk.token({"grantType": "refresh_token", "refreshToken": user["refreshToken"]}, False)
    c.check(s == 200 and r.get("id_token"), "itk: refresh (JSON grantType/refreshToken)", r)

    itk.test("clock", {"advance": 301})
    for what, resp in (
            ("update password", itk.call("update", {"idToken": r["id_token"],
                                                    "password": "new-pw-1"})),
            ("delete", itk.call("delete", {"idToken": r["id_token"]})),
            ("link by signUp", itk.call("signUp", {"idToken": r["id_token"],
                                                   "email": "sess@example.com",
                                                   "password": "secret-pw"})),
            ("link by signInWithIdp", itk.idp("providerId=github.com&access_token="
                                              + github_token(gh, 7001, "s7001@example.com"),
                                              idToken=r["id_token"]))):
        c.check(err(resp) == (400, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"),
                f"itk: {what} 301 s after sign-in -> CREDENTIAL_TOO_OLD_LOGIN_AGAIN", resp)
    c.check(itk.call("lookup", {"idToken": r["id_token"]})[0] == 200,
            "itk: that ID token still works for lookup")

    fresh = itk.call("signInWithPassword", {"email": "sess@example.com", "password": "secret-pw",
                                            "returnSecureToken": True})[1]
    s, upd = itk.call("update", {"idToken": fresh["idToken"], "password": "new-pw-2",
                                 "displayName": "Sess", "returnSecureToken": True})
    c.check(s == 200 and upd.get("idToken") and upd.get("displayName") == "Sess",
            "itk: password change returns new tokens", upd)
    c.check(err(itk.call("lookup", {"idToken": fresh["idToken"]})) == (400, "TOKEN_EXPIRED"),
            "itk: older ID token -> TOKEN_EXPIRED after password change")
    c.check(err(itk.token({"grant_type": "refresh_token", "refresh_token": user["refreshToken"]}))
            == (400, "TOKEN_EXPIRED"), "itk: older refresh token -> TOKEN_EXPIRED")
    c.check(itk.call("lookup", {"idToken": upd.get("idToken")})[0] == 200,
            "itk: the new ID token works")

    itk.test("clock", {"advance": 3601})
    c.check(err(itk.call("lookup", {"idToken": upd.get("idToken")})) == (400, "TOKEN_EXPIRED"),
            "itk: ID token expires after an hour on the test clock")
    s, r = itk.token({"grant_type": "refresh_token", "refresh_token": upd.get("refreshToken")})
    c.check(s == 200 and itk.call("lookup", {"idToken": r.get("id_token")})[0] == 200,
            "itk: refresh after expiry gives a working ID token", r)
    itk.test(f"users/{user['localId']}/disable", {})
    c.check(err(itk.call("signInWithPassword", {"email": "sess@example.com",
                                                "password": "new-pw-2"})) == (400, "USER_DISABLED")
            and err(itk.token({"grant_type": "refresh_token",
                               "refresh_token": upd.get("refreshToken")}))
            == (400, "USER_DISABLED"), "itk: disabled user -> USER_DISABLED")


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
