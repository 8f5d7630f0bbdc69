"""Authlib grant and validator classes of the OAuth 2.0 test servers, bound to a `Store`.

The code and refresh grants keep their codes and tokens in a `Store` (common_store.py); the
bearer validator looks access tokens up there:

* `S256Only`     -- `CodeChallenge` that *demands* PKCE with S256 (Authlib's `required=True`
                    still lets a missing challenge and `plain` through).
* `make_code_grant` / `make_refresh_grant` -- grant classes bound to a `Store`.
* `make_bearer_validator` -- the resource protector's token validator on a `Store`.
"""

import time

from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc6749.errors import InvalidRequestError
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7636 import CodeChallenge

from common_store import AUTH_METHODS, AuthCode


class S256Only(CodeChallenge):
    """PKCE that must be present and must be S256 (rejected at the authorize endpoint)."""

    DEFAULT_CODE_CHALLENGE_METHOD = "S256"
    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

    def validate_code_challenge(self, grant, redirect_uri):
        data = grant.request.payload.data
        if not data.get("code_challenge"):
            raise InvalidRequestError("PKCE is required: missing 'code_challenge'.")
        if data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("PKCE 'code_challenge_method' must be S256.")
        super().validate_code_challenge(grant, redirect_uri)


def make_code_grant(store):
    """An AuthorizationCodeGrant storing codes in `store` (single use, 10-minute life)."""

    class CodeGrant(grants.AuthorizationCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = list(AUTH_METHODS)

        def save_authorization_code(self, code, req):
            with store.lock:
                store.codes[code] = AuthCode(code, req)

        def query_authorization_code(self, code, client):
            with store.lock:
                item = store.codes.get(code)
            if item and item.client_id == client.client_id and time.time() < item.expires_at:
                return item
            return None

        def delete_authorization_code(self, authorization_code):
            with store.lock:
                store.codes.pop(authorization_code.code, None)

        def authenticate_user(self, authorization_code):
            return authorization_code.user

    return CodeGrant


def make_refresh_grant(store):
    """A RefreshTokenGrant with rotation: every refresh revokes the old refresh token."""

    class RefreshGrant(grants.RefreshTokenGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = list(AUTH_METHODS)
        INCLUDE_NEW_REFRESH_TOKEN = True

        def authenticate_refresh_token(self, refresh_token):
            with store.lock:
                tok = store.refresh.get(refresh_token)
            if tok and not tok.refresh_revoked:
                return tok
            if tok and getattr(tok.client, "reuse_detection", False):
                # RFC 9700 §4.14.2: a rotated-away refresh token used again revokes the whole grant.
                store.revoke_grant(tok)
            return None

        def authenticate_user(self, refresh_token):
            return refresh_token.user

        def revoke_old_credential(self, refresh_token):
            with store.lock:
                refresh_token.refresh_revoked = True

    return RefreshGrant


def make_bearer_validator(store, token_type="bearer"):
    """An Authlib token validator for `Authorization: <token_type> <access_token>`."""

    class Validator(BearerTokenValidator):
        TOKEN_TYPE = token_type

        def authenticate_token(self, token_string):
            return store.bearer(token_string)

    return Validator()
