"""Self-check of Identity Toolkit requests and sign-in (run by selfcheck_identity_toolkit.py): API
keys, request and sign-up errors, then signInWithIdp with a real GitHub token, X (OAuth 1.0a) and
OIDC id_tokens with their nonce and fault modes, and the ID token verified with the published
JWKS."""

import secrets

import requests

import selfcheck_twitter
from selfcheck_itk_support import Itk, claims_of, err, github_token, hexsha, oidc_id_token


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
