"""Self-check of Identity Toolkit sessions and tokens (run by selfcheck_identity_toolkit.py):
refresh (form and JSON), CREDENTIAL_TOO_OLD_LOGIN_AGAIN on the test clock, tokens revoked by a
password change, ID token expiry and refresh after it, and disabled users."""

from selfcheck_itk_support import Itk, err, github_token


def check_sessions(c, itk, gh):
    user = itk.password_user("sess@example.com")
    s, r = itk.token({"grant_type": "refresh_token", "refresh_token": user["refreshToken"]})
    c.check(s == 200 and r.get("expires_in") == "3600" and r.get("token_type") == "Bearer"
            and r.get("user_id") == user["localId"] and r.get("id_token") == r.get("access_token")
            and r.get("project_id") == itk.p["project_number"]
            and r.get("refresh_token") == user["refreshToken"], "itk: refresh (form)", r)
    s, r = itk.token({"grantType": "refresh_token", "refreshToken": user["refreshToken"]}, False)
    c.check(s == 200 and r.get("id_token"), "itk: refresh (JSON grantType/refreshToken)", r)
    short = Itk(itk.base, sign_in_expires_in=3)
    signed = short.password_user("short@example.com")
    _, renewed = short.token({"grant_type": "refresh_token",
                              "refresh_token": signed.get("refreshToken")})
    c.check(signed.get("expiresIn") == "3" and renewed.get("expires_in") == "3600",
            "itk: sign_in_expires_in for sign-ins, an hour for refreshes", (signed, renewed))

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
