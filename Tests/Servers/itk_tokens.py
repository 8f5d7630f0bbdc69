"""Tokens of the Identity Toolkit test server: the test clock, RS256 ID tokens, refresh tokens.

ID tokens look like production's (not like the Firebase Auth Emulator's unsigned `alg: none`
tokens, firebase-tools `operations.ts` `generateJwt`): header `{alg: RS256, kid, typ: JWT}`;
claims `iss = https://securetoken.google.com/<project_id>`, `aud = <project_id>`, `auth_time`,
`user_id`, `sub`, `iat`, `exp = iat + 3600`, `email`, `email_verified`, `name`, `picture`, and
`firebase: {identities, sign_in_provider, tenant?}`. The public key is published as a JWKS, so a
test can verify a token the way a backend would.

They also expire: `decode_id_token` checks `exp` against the project's clock, which tests can
advance (`POST /_test/projects/<id>/clock`). The emulator never checks `exp` (`parseIdToken`:
"idTokens in the emulator never expire due to the passage of time").

Revocation follows the emulator's rule (`parseIdToken`: a token is revoked when `iat <
validSince`), made deterministic: the server remembers when it issued each token (to the
microsecond, keyed by the token's SHA-256) and compares that with the moment of the user's last
credential change, so every token issued before a password or email change is revoked and every
token issued after it is valid, even within the same second. `validSince` in `accounts:lookup`
is that moment in whole seconds, as in the emulator.
"""

import hashlib
import secrets
import time

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import RSAKey

ID_TOKEN_LIFETIME = 3600  # seconds, like production and the emulator (`issueTokens`)
ISSUER_PREFIX = "https://securetoken.google.com/"
# Production's JWKS for Firebase ID tokens lives under this service account.
SECURETOKEN_ACCOUNT = "securetoken@system.gserviceaccount.com"


class Clock:
    """Wall-clock time plus a per-project offset that tests can advance."""

    def __init__(self):
        self.offset = 0.0

    def now(self):
        return time.time() + self.offset

    def advance(self, seconds):
        self.offset += float(seconds)


class SigningKey:
    """The server's RS256 key pair (one for all projects, as production has one key set)."""

    def __init__(self):
        self.kid = secrets.token_hex(20)
        self.key = RSAKey.generate_key(2048, parameters={"kid": self.kid, "use": "sig",
                                                         "alg": "RS256"})

    def jwks(self):
        public = self.key.as_dict(private=False)
        public.update({"kid": self.kid, "use": "sig", "alg": "RS256"})
        return {"keys": [public]}


class TokenError(Exception):
    """An ID token that is not acceptable; `code` is the Identity Toolkit error message."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def digest(token):
    """The key under which a project remembers when it issued `token`."""
    return hashlib.sha256(token.encode()).hexdigest()


def identities(user):
    """`firebase.identities` as in production: email plus each IdP's raw ids (no password)."""
    ids = {}
    if user.email:
        ids["email"] = [user.email]
    for info in user.providers.values():
        ids.setdefault(info["providerId"], []).append(info["rawId"])
    return ids


def mint_id_token(key, project_id, user, sign_in_provider, auth_time, now, tenant_id=None):
    """Sign an ID token for `user` (an itk_accounts.User)."""
    iat = int(now)
    claims = {
        "iss": ISSUER_PREFIX + project_id,
        "aud": project_id,
        "auth_time": int(auth_time),
        "user_id": user.local_id,
        "sub": user.local_id,
        "iat": iat,
        "exp": iat + ID_TOKEN_LIFETIME,
    }
    if user.display_name:
        claims["name"] = user.display_name
    if user.photo_url:
        claims["picture"] = user.photo_url
    if user.email:
        claims["email"] = user.email
        claims["email_verified"] = bool(user.email_verified)
    firebase = {"identities": identities(user), "sign_in_provider": sign_in_provider}
    if tenant_id:
        firebase["tenant"] = tenant_id
    claims["firebase"] = firebase
    header = {"alg": "RS256", "kid": key.kid, "typ": "JWT"}
    return jwt.encode(header, claims, key.key, algorithms=["RS256"])


def decode_id_token(key, project_id, token, now):
    """Verify signature, issuer, audience and expiry; return the claims.

    Raises TokenError("INVALID_ID_TOKEN") for anything not signed by us for this project and
    TokenError("TOKEN_EXPIRED") once `exp` has passed on the project's clock.
    """
    if not isinstance(token, str) or token.count(".") != 2:
        raise TokenError("INVALID_ID_TOKEN")
    try:
        decoded = jwt.decode(token, key.key, algorithms=["RS256"])
    except (JoseError, ValueError, TypeError):
        raise TokenError("INVALID_ID_TOKEN") from None
    claims = decoded.claims
    if decoded.header.get("kid") != key.kid or claims.get("aud") != project_id \
            or claims.get("iss") != ISSUER_PREFIX + project_id \
            or not isinstance(claims.get("exp"), int) or not claims.get("user_id"):
        raise TokenError("INVALID_ID_TOKEN")
    if claims["exp"] <= now:
        raise TokenError("TOKEN_EXPIRED")
    return claims


class RefreshRecord:
    """What an opaque refresh token stands for: one sign-in session of one user."""

    def __init__(self, project_id, tenant_id, local_id, provider, auth_time, issued):
        self.project_id = project_id
        self.tenant_id = tenant_id
        self.local_id = local_id
        self.provider = provider
        self.auth_time = auth_time
        self.issued = issued  # compared with the user's last credential change


def new_refresh_token():
    """Opaque, like production's (the emulator's are base64 JSON: `state.ts`
    `encodeRefreshToken`)."""
    return "AMf-vB" + secrets.token_urlsafe(120)
