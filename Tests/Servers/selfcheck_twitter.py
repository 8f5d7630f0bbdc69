"""Self-check of the Twitter-like OAuth 1.0a server (run by selfcheck.py)."""

import re

import requests
from authlib.integrations.requests_client import OAuth1Auth, OAuth1Session

from selfcheck import browse

CALLBACK = "com.example.test://oauth/callback"


def new_consumer(base, **body):
    return requests.post(f"{base}/_test/clients", json=body, timeout=10).json()


def session(cons, **kw):
    return OAuth1Session(cons["consumer_key"], cons["consumer_secret"], **kw)


def sign_in(base, cons, callback=CALLBACK):
    """request_token -> browser at /oauth/authenticate -> access_token; returns (sess, token, loc)."""
    sess = session(cons, redirect_uri=callback)
    sess.fetch_request_token(f"{base}/oauth/request_token")
    status, loc, q = browse(f"{base}/oauth/authenticate", {"oauth_token": sess.token["oauth_token"]})
    if "oauth_verifier" not in q:
        return sess, None, loc
    sess.parse_authorization_response(loc)
    token = sess.fetch_access_token(f"{base}/oauth/access_token")
    return sess, token, loc


def signed(cons, token, method, url):
    """A prepared request signed by Authlib (to tamper with or replay)."""
    auth = OAuth1Auth(cons["consumer_key"], cons["consumer_secret"], token=token["oauth_token"],
                      token_secret=token["oauth_token_secret"])
    return auth(requests.Request(method, url).prepare())


def run(c, base):
    print(f"--- Twitter-like server {base}")
    cons = new_consumer(base)
    sess = session(cons, redirect_uri=CALLBACK)
    raw = sess.post(f"{base}/oauth/request_token", auth=sess.auth, timeout=10)
    c.check(raw.status_code == 200 and raw.text.endswith("&oauth_callback_confirmed=true"),
            "tw: request_token answer (lowercase true)", raw.text)
    sess, token, loc = sign_in(base, cons)
    c.check(loc.startswith(CALLBACK + "?oauth_token=") and "oauth_verifier=" in loc,
            "tw: authenticate redirects to the callback", loc)
    c.check(token and token.get("user_id") == "783214" and token.get("screen_name") == "TwitterDev"
            and token.get("oauth_token") and token.get("oauth_token_secret"),
            "tw: access_token answer", token)
    url = f"{base}/1.1/account/verify_credentials.json"
    me = sess.get(url, params={"include_email": "true", "skip_status": "true"}, timeout=10)
    body = me.json()
    c.check(me.status_code == 200 and body.get("id") == 783214 and body.get("id_str") == "783214"
            and body.get("email") == "dev@example.com" and "profile_image_url_https" in body,
            "tw: verify_credentials with include_email", body)
    me = sess.get(url, timeout=10).json()
    c.check("email" not in me and me.get("screen_name") == "TwitterDev",
            "tw: verify_credentials without include_email has no email", me)

    # /oauth/authorize works too.
    sess2 = session(cons, redirect_uri=CALLBACK)
    sess2.fetch_request_token(f"{base}/oauth/request_token")
    _, loc, q = browse(f"{base}/oauth/authorize", {"oauth_token": sess2.token["oauth_token"]})
    c.check("oauth_verifier" in q, "tw: /oauth/authorize", loc)

    # Tampered signature and replayed nonce.
    prep = signed(cons, token, "GET", url)
    prep.headers["Authorization"] = re.sub(r'oauth_signature="[^"]+"', 'oauth_signature="AAAA"',
                                           prep.headers["Authorization"])
    r = requests.Session().send(prep, timeout=10)
    c.check(r.status_code == 401 and r.json().get("error") == "invalid_signature",
            "tw: tampered signature -> 401", r.text)
    prep = signed(cons, token, "GET", url)
    first = requests.Session().send(prep, timeout=10)
    again = requests.Session().send(prep, timeout=10)
    c.check(first.status_code == 200 and again.status_code == 401
            and again.json().get("error") == "invalid_nonce", "tw: replayed nonce -> 401", again.text)
    bad = OAuth1Session(cons["consumer_key"], "wrong-secret", redirect_uri=CALLBACK)
    r = bad.post(f"{base}/oauth/request_token", auth=bad.auth, timeout=10)
    c.check(r.status_code == 401 and "error=invalid_signature" in r.text,
            "tw: wrong consumer secret -> 401 form error", r.text)

    # Callback allow-list, faults, denial.
    other = session(cons, redirect_uri="com.example.test://other")
    r = other.post(f"{base}/oauth/request_token", auth=other.auth, timeout=10)
    c.check(r.status_code == 403 and "callback_not_approved" in r.text,
            "tw: callback not in the allow-list -> 403", r.text)
    nc = new_consumer(base, fault="callback_not_confirmed")
    s = session(nc, redirect_uri=CALLBACK)
    r = s.post(f"{base}/oauth/request_token", auth=s.auth, timeout=10)
    c.check(r.text.endswith("oauth_callback_confirmed=false"), "tw: fault callback_not_confirmed",
            r.text)
    loop = "http://127.0.0.1:45999/cb"
    dc = new_consumer(base, consent="deny", callback_uris=[loop])
    _, token_d, loc = sign_in(base, dc, callback=loop)
    c.check(token_d is None and re.match(re.escape(loop) + r"\?denied=[^&]+$", loc or ""),
            "tw: consent deny -> callback?denied=<token>", loc)
    vc = new_consumer(base, fault="verify_500")
    vs, _, _ = sign_in(base, vc)
    c.check(vs.get(url, timeout=10).status_code == 500, "tw: fault verify_500")

    log = requests.get(f"{base}/_test/clients/{cons['consumer_key']}/log", timeout=10).json()
    paths = [(e["path"], e["signature_verified"]) for e in log]
    c.check(paths[:4] == [("/oauth/request_token", True), ("/oauth/request_token", True),
                          ("/oauth/authenticate", None), ("/oauth/access_token", True)]
            and ("/1.1/account/verify_credentials.json", False) in paths,
            "tw: endpoint log", paths)
    c.check(cons["consumer_secret"] not in str(log), "tw: log holds no secrets")

    # X's invalidate_token.
    ic = new_consumer(base)
    isess, itoken, _ = sign_in(base, ic)
    inv = f"{base}/1.1/oauth/invalidate_token"
    r = isess.post(inv, timeout=10)
    c.check(r.status_code == 200 and r.json() == {"access_token": itoken["oauth_token"]},
            "tw: invalidate_token -> 200 {access_token}", r.text)
    r = isess.get(url, timeout=10)
    c.check(r.status_code == 401 and r.json().get("error") == "invalid_token",
            "tw: invalidated token -> verify_credentials 401", r.text)
    r = isess.post(inv, timeout=10)
    c.check(r.status_code == 401 and r.json()["errors"][0]["code"] == 32,
            "tw: invalidate an invalidated token -> 401", r.text)
    log = requests.get(f"{base}/_test/clients/{ic['consumer_key']}/log", timeout=10).json()
    c.check({"method": "POST", "path": "/1.1/oauth/invalidate_token", "signature_verified": True}
            in log and itoken["oauth_token"] not in str(log), "tw: invalidate_token logged", log)
    stats = requests.get(f"{base}/_test/clients/{ic['consumer_key']}/stats", timeout=10).json()
    c.check(stats == {"invalidated": 1}, "tw: stats count invalidations", stats)
