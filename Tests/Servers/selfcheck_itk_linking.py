"""Self-check of Identity Toolkit account linking (run by selfcheck_identity_toolkit.py): an IdP
linked onto a password user by idToken and unlinked by update, FEDERATED_USER_ID_ALREADY_LINKED and
EMAIL_EXISTS, a password linked by signUp, needConfirmation and linking by pendingToken, and
autoCreate false."""

import selfcheck_twitter
from selfcheck_itk_support import Itk, err, github_token


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
