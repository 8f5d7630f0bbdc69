"""Checking IdP credentials against the provider test servers, as production does.

The Firebase Auth Emulator never calls an IdP: it reads claims from an unverified JWT or JSON
(`operations.ts` `parseClaims`, `fakeFetchUserInfoFromIdp`) and answers a real github.com access
token with 501. Production has to ask the provider, and so does this server:

* github.com  -- `GET {base_url}/user` and `/user/emails`, `Authorization: token <access_token>`.
  rawId is the numeric id; the email is the primary entry of /user/emails (its `verified` flag
  becomes emailVerified) or else /user's email, unverified.
* twitter.com -- OAuth 1.0a-signed (Authlib's OAuth1Auth, HMAC-SHA1, the project's consumer key and
  secret plus access_token / oauth_token_secret) `GET {base_url}/1.1/account/verify_credentials.json
  ?include_email=true`. rawId is `id_str`; X does not say whether the email is verified, so it is
  treated as unverified.
* oidc.<name> -- discovery `{issuer}/.well-known/openid-configuration` (its `issuer` must match),
  the JWKS at its `jwks_uri` (fetched again once when the `kid` is unknown), signature RS256 or
  ES256 only, `iss` == issuer, `aud` == the configured client_id (an array must contain it, and
  with more than one audience `azp` must be the client_id), `exp` in the future on the project's
  clock, `sub` and `iat` present. rawId is `sub`.

Nonce (generic OIDC): when the ID token has a `nonce` claim, postBody must carry `nonce=<raw
nonce>` and the claim must equal the lowercase hex SHA-256 of that raw nonce. Production documents
this ("The SHA-256 hash of the raw nonce must match the nonce field in the OIDC ID token",
Android `OAuthProvider.CredentialBuilder.setIdTokenWithRawNonce`; JS `OAuthCredentialOptions.
rawNonce`) and answers `MISSING_OR_INVALID_NONCE : Nonce is missing in the request.` /
`... : The nonce in ID Token does not match the SHA256 hash of the raw nonce in the request.`
(firebase/firebase-js-sdk#7957, #8207). Hex is the encoding of Firebase's Apple-sign-in guides.
So a client must put hex(SHA-256(raw)) in the authorization request and the raw value in postBody.

Any other failure is `INVALID_IDP_RESPONSE : <detail>`.
"""

import base64
import hashlib
import json

import requests
from authlib.integrations.requests_client import OAuth1Auth
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from itk_accounts import ItkError

TIMEOUT = 10
OIDC_ALGS = ("RS256", "ES256")
NONCE_MISSING = "MISSING_OR_INVALID_NONCE : Nonce is missing in the request."
NONCE_MISMATCH = ("MISSING_OR_INVALID_NONCE : The nonce in ID Token does not match the SHA256 "
                  "hash of the raw nonce in the request.")


def invalid(detail):
    return ItkError("INVALID_IDP_RESPONSE : " + detail)


def verify(provider_id, params, cfg, now):
    """Check the credential in `params` (postBody + requestUri fields) with the provider.

    Returns the IdP identity: {providerId, rawId, email, emailVerified, displayName, photoUrl,
    screenName, rawUserInfo, oauthAccessToken, oauthTokenSecret, oauthIdToken}.
    """
    if provider_id == "github.com":
        return _github(params, cfg)
    if provider_id == "twitter.com":
        return _twitter(params, cfg)
    return _oidc(provider_id, params, cfg, now)


def _get(url, **kw):
    try:
        return requests.get(url, timeout=TIMEOUT, **kw)
    except requests.RequestException as exc:
        raise invalid(f"Failed to fetch resource from {url}: {type(exc).__name__}") from None


def _json(resp, url):
    if resp.status_code != 200:
        raise invalid(f"Failed to fetch resource from {url}, http status: {resp.status_code}")
    try:
        return resp.json()
    except ValueError:
        raise invalid(f"Unparseable response from {url}") from None


def _identity(provider_id, raw_id, info, **fields):
    ident = {"providerId": provider_id, "rawId": str(raw_id), "email": None,
             "emailVerified": False, "displayName": None, "photoUrl": None,
             "screenName": None, "rawUserInfo": json.dumps(info, separators=(",", ":")),
             "oauthAccessToken": None, "oauthTokenSecret": None, "oauthIdToken": None}
    ident.update(fields)
    if ident["email"]:
        ident["email"] = ident["email"].lower()
    return ident


def _github(params, cfg):
    token = params.get("access_token")
    if not token:
        raise invalid("github.com needs access_token")
    headers = {"Authorization": f"token {token}", "Accept": "application/vnd.github+json"}
    url = f"{cfg['base_url']}/user"
    user = _json(_get(url, headers=headers), url)
    if not isinstance(user, dict) or "id" not in user:
        raise invalid(f"No user id in the response from {url}")
    email, verified = user.get("email"), False
    resp = _get(url + "/emails", headers=headers)
    if resp.status_code == 200:
        emails = resp.json() if resp.headers.get("Content-Type", "").startswith(
            "application/json") else []
        primary = next((e for e in emails if isinstance(e, dict) and e.get("primary")), None)
        if primary:
            email, verified = primary.get("email"), bool(primary.get("verified"))
    return _identity("github.com", user["id"], user, email=email, emailVerified=verified,
                     displayName=user.get("name"), photoUrl=user.get("avatar_url"),
                     screenName=user.get("login"), oauthAccessToken=token)


def _twitter(params, cfg):
    token, secret = params.get("access_token"), params.get("oauth_token_secret")
    if not token or not secret:
        raise invalid("twitter.com needs access_token and oauth_token_secret")
    auth = OAuth1Auth(cfg["consumer_key"], cfg["consumer_secret"], token=token,
                      token_secret=secret)
    url = f"{cfg['base_url']}/1.1/account/verify_credentials.json"
    info = _json(_get(url, params={"include_email": "true"}, auth=auth), url)
    if not isinstance(info, dict) or not info.get("id_str"):
        raise invalid(f"No id_str in the response from {url}")
    return _identity("twitter.com", info["id_str"], info, email=info.get("email"),
                     displayName=info.get("name"),
                     photoUrl=info.get("profile_image_url_https"),
                     screenName=info.get("screen_name"), oauthAccessToken=token,
                     oauthTokenSecret=secret)


def _header(token):
    try:
        part = token.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    except (ValueError, IndexError):
        raise invalid("Unable to parse id_token") from None


def _oidc_keys(issuer):
    url = f"{issuer}/.well-known/openid-configuration"
    disc = _json(_get(url), url)
    if not isinstance(disc, dict) or disc.get("issuer") != issuer or not disc.get("jwks_uri"):
        raise invalid(f"The discovery document of {issuer} does not name that issuer")
    return disc["jwks_uri"]


def _pick_key(jwks_uri, kid):
    for attempt in range(2):  # fetch again once for an unknown kid (key rotation)
        keys = _json(_get(jwks_uri), jwks_uri).get("keys") or []
        if kid is None:
            if len(keys) == 1:
                return KeySet.import_key_set({"keys": keys}).keys[0]
            raise invalid("The id_token has no kid and the JWKS has several keys")
        match = [k for k in keys if k.get("kid") == kid]
        if match:
            return KeySet.import_key_set({"keys": match}).keys[0]
    raise invalid(f"No key {kid!r} in the JWKS of the issuer")


def _oidc(provider_id, params, cfg, now):
    id_token = params.get("id_token")
    if not id_token:
        raise invalid(f"{provider_id} needs id_token")
    issuer, client_id = cfg["issuer"], cfg["client_id"]
    header = _header(id_token)
    if header.get("alg") not in OIDC_ALGS:
        raise invalid(f"Unsupported id_token algorithm {header.get('alg')!r}")
    key = _pick_key(_oidc_keys(issuer), header.get("kid"))
    try:
        claims = jwt.decode(id_token, key, algorithms=[header["alg"]]).claims
    except (JoseError, ValueError, TypeError):
        raise invalid("The id_token signature does not verify") from None
    aud = claims.get("aud")
    auds = aud if isinstance(aud, list) else [aud]
    if claims.get("iss") != issuer:
        raise invalid("The issuer of the id_token does not match the provider configuration")
    if client_id not in auds or (len(auds) > 1 and claims.get("azp") != client_id):
        raise invalid("The audience of the id_token is not the configured client id")
    if not isinstance(claims.get("exp"), (int, float)) or claims["exp"] <= now:
        raise invalid("The id_token has expired")
    if not isinstance(claims.get("sub"), str) or not claims["sub"] \
            or not isinstance(claims.get("iat"), (int, float)):
        raise invalid("The id_token lacks sub or iat")
    raw_nonce = params.get("nonce")
    if "nonce" in claims or raw_nonce:
        if not raw_nonce:
            raise ItkError(NONCE_MISSING)
        if hashlib.sha256(raw_nonce.encode()).hexdigest() != claims.get("nonce"):
            raise ItkError(NONCE_MISMATCH)
    return _identity(provider_id, claims["sub"], claims, email=claims.get("email"),
                     emailVerified=bool(claims.get("email_verified")),
                     displayName=claims.get("name"), photoUrl=claims.get("picture"),
                     oauthIdToken=id_token, oauthAccessToken=params.get("access_token"))
