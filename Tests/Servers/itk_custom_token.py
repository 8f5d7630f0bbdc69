"""Custom tokens on the Identity Toolkit test server: `accounts:signInWithCustomToken` as production
answers it, and a control route that mints the tokens a backend's Admin SDK would.

Production verifies a custom token's RS256 signature with the public keys of the service account
that signed it (`iss`), its audience (Identity Toolkit's), and `exp`. Here the service account's key
is the server's own (`SigningKey`): `POST /_test/projects/<id>/custom_token` {"uid", "claims"?,
"project_id"? (the service account's project; another one gives CREDENTIAL_MISMATCH),
"expires_in"? (seconds; negative: expired), "audience"?} -> {"token"}. The emulator's unsigned
tokens (`alg: none`) are INVALID_CUSTOM_TOKEN here, as in production.
"""

from flask import request
from joserfc import jwt
from joserfc.errors import JoseError

from common import json_response
from itk_accounts import ItkError, check, ms

AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
SUFFIX = ".iam.gserviceaccount.com"


def mint(ops, project, body):
    now = int(project.now())
    owner = body.get("project_id") or project.project_id
    account = f"firebase-adminsdk-test@{owner}{SUFFIX}"
    claims = {"iss": account, "sub": account, "aud": body.get("audience") or AUDIENCE,
              "uid": body.get("uid"), "iat": now, "exp": now + int(body.get("expires_in", 3600))}
    if body.get("claims") is not None:
        claims["claims"] = body["claims"]
    header = {"alg": "RS256", "kid": ops.key.kid, "typ": "JWT"}
    return jwt.encode(header, claims, ops.key.key, algorithms=["RS256"])


def sign_in_with_custom_token(ops, project, body):
    """Production `signInWithCustomToken`: INVALID_CUSTOM_TOKEN for anything not signed by a service
    account key (here: the server's) for the custom-token audience, unexpired, with a uid of 1 to
    128 characters; CREDENTIAL_MISMATCH when the service account is another project's; USER_DISABLED;
    else the account with that uid (created when new, `isNewUser`), signed in with provider `custom`."""
    token = body.get("token")
    check(token, "MISSING_CUSTOM_TOKEN")
    try:
        decoded = jwt.decode(token, ops.key.key, algorithms=["RS256"])
    except (JoseError, ValueError, TypeError):
        raise ItkError("INVALID_CUSTOM_TOKEN : Invalid assertion format") from None
    claims = decoded.claims
    check(claims.get("aud") == AUDIENCE, "INVALID_CUSTOM_TOKEN")
    check(isinstance(claims.get("exp"), int) and claims["exp"] > project.now(),
          "INVALID_CUSTOM_TOKEN : Token expired")
    uid = claims.get("uid")
    check(isinstance(uid, str) and 0 < len(uid) <= 128, "INVALID_CUSTOM_TOKEN")
    issuer = claims.get("iss") or ""
    check(issuer.endswith(SUFFIX) and issuer.split("@")[-1][:-len(SUFFIX)] == project.project_id,
          "CREDENTIAL_MISMATCH")
    ns = project.namespace(body.get("tenantId"))
    now = project.now()
    user = ns.users.get(uid)
    is_new = user is None
    if user:
        check(not user.disabled, "USER_DISABLED")
    else:
        user = ns.create(now)
        del ns.users[user.local_id]
        user.local_id = uid
        ns.users[uid] = user
    user.last_login_at = ms(now)
    out = {"kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": is_new}
    out.update(ops.issue(project, user, "custom", now))
    return out


def add_custom_token_routes(app, srv, find):
    @app.post("/_test/projects/<project_id>/custom_token")
    def custom_token(project_id):
        project = find(project_id)
        body = request.get_json(silent=True) or {}
        with srv.ops.lock:
            return json_response({"token": mint(srv.ops, project, body)})
