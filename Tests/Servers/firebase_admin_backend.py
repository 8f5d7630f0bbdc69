"""A backend's side of the emulator tests: firebase-admin (the Admin SDK) against the built-in emulator.

Usage: firebase_admin_backend.py PROJECT_ID STEP [ARGS...]; FIREBASE_AUTH_EMULATOR_HOST names the
emulator. One JSON line on stdout: the step's result, or {"error": "<firebase_admin exception class>",
"message": ...} when the SDK raised. An ID token comes on stdin (never in argv).

Steps: create EMAIL PASSWORD · verify [--check-revoked] · get UID · disable UID · enable UID ·
revoke UID · claims UID JSON · delete UID · list PAGE_SIZE (every page's uids) ·
custom-token UID [CLAIMS_JSON] (the token a backend hands its client) · reset-link EMAIL and
verify-link EMAIL (generate_password_reset_link / generate_email_verification_link: the link and its
oobCode).
"""

import json
import sys
import time
from urllib.parse import parse_qs, urlsplit

import firebase_admin
import firebase_admin.exceptions
from firebase_admin import auth
from google.auth.credentials import AnonymousCredentials


def user_json(user):
    return {
        "uid": user.uid,
        "email": user.email,
        "disabled": user.disabled,
        "providers": sorted(info.provider_id for info in user.provider_data),
        "customClaims": user.custom_claims,
        "emailVerified": user.email_verified,
        "tokensValidAfter": user.tokens_valid_after_timestamp,
    }


def step(name, args):
    if name == "create":
        return {"uid": auth.create_user(email=args[0], password=args[1]).uid}
    if name == "verify":
        claims = auth.verify_id_token(sys.stdin.readline().strip(), check_revoked="--check-revoked" in args)
        return {"uid": claims["uid"], "claims": claims}
    if name == "get":
        return user_json(auth.get_user(args[0]))
    if name in ("disable", "enable"):
        return user_json(auth.update_user(args[0], disabled=name == "disable"))
    if name == "revoke":
        # Tokens issued in the revocation's own second stay valid for verify_id_token (it compares
        # seconds), so revoke in the next second, as a backend would some time after the sign-in.
        time.sleep(1.1)
        auth.revoke_refresh_tokens(args[0])
        return user_json(auth.get_user(args[0]))
    if name == "claims":
        auth.set_custom_user_claims(args[0], json.loads(args[1]))
        return user_json(auth.get_user(args[0]))
    if name == "delete":
        auth.delete_user(args[0])
        return {"deleted": args[0]}
    if name == "list":
        pages, page = [], auth.list_users(max_results=int(args[0]))
        while page:
            pages.append([user.uid for user in page.users])
            page = page.get_next_page()
        return {"pages": pages}
    if name == "custom-token":
        claims = json.loads(args[1]) if len(args) > 1 else None
        return {"token": auth.create_custom_token(args[0], claims).decode()}
    if name in ("reset-link", "verify-link"):
        make = (auth.generate_password_reset_link if name == "reset-link"
                else auth.generate_email_verification_link)
        link = make(args[0])
        return {"link": link, "oobCode": parse_qs(urlsplit(link).query)["oobCode"][0]}
    raise SystemExit(f"unknown step {name}")


def main():
    project, name, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    firebase_admin.initialize_app(AnonymousCredentials(), {"projectId": project})
    try:
        result = step(name, args)
    except firebase_admin.exceptions.FirebaseError as error:
        result = {"error": type(error).__name__, "message": str(error)}
    except ValueError as error:
        result = {"error": type(error).__name__, "message": str(error)}
    print(json.dumps(result, default=str))


if __name__ == "__main__":
    main()
