"""Shared pieces of the OAuth 2.0 test servers (GitHub-like and OpenID Connect).

This module re-exports them from where they live, so the servers import everything from `common`:

* common_store.py  -- the in-memory `Store` (one lock) and Authlib's models on it: `Client`,
                      `AuthCode`, `Token`; the constants `CODE_LIFETIME`, `AUTH_METHODS`,
                      `CLIENT_ID_ONLY`, and `rand`.
* common_grants.py -- `S256Only` (PKCE that demands S256), `make_code_grant` /
                      `make_refresh_grant` (grant classes bound to a `Store`) and
                      `make_bearer_validator`.
* common_http.py   -- `json_body`, `json_response`, `AVATAR_PNG` / `avatar_response`.
"""

from common_grants import (S256Only, make_bearer_validator, make_code_grant,  # noqa: F401
                           make_refresh_grant)
from common_http import AVATAR_PNG, avatar_response, json_body, json_response  # noqa: F401
from common_store import (AUTH_METHODS, CLIENT_ID_ONLY, CODE_LIFETIME, AuthCode,  # noqa: F401
                          Client, Store, Token, rand)
