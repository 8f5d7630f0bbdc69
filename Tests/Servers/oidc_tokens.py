"""Keys, JWKS and the faulty ID tokens of the OpenID Connect test provider.

A tenant's `mode` selects one OpenID RP conformance failure. Authlib (`OpenIDCode`) mints the
correct ID token; `apply_mode` then rewrites it the way the mode asks, with joserfc or by hand
where no library will produce something that broken (alg none, HS256 keyed with a public key).
"""

import base64
import hashlib
import hmac
import json
import time

from joserfc import jwt
from joserfc.jwk import ECKey, RSAKey

MODES = {
    "ok",                     # a correct token (aud is a string)
    "aud_array_single",       # correct too: aud = [client_id] (Authlib's own default)
    "no_kid_single_key",      # correct too: no kid, JWKS has exactly one key
    "bad_signature", "wrong_iss", "wrong_aud", "missing_iat", "missing_sub", "expired",
    "wrong_nonce", "alg_none", "hs256_with_public_key", "no_kid_multiple_keys",
    "key_rotation", "unknown_kid", "userinfo_sub_mismatch", "discovery_issuer_mismatch",
    "wrong_iss_param", "multiple_aud_no_azp", "azp_mismatch",
}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key(alg, kid):
    """A private signing key for `alg` (RS256 -> RSA 2048, ES256 -> P-256) with a fixed kid."""
    if alg == "RS256":
        key = RSAKey.generate_key(2048, parameters={"kid": kid, "use": "sig", "alg": alg})
    elif alg == "ES256":
        key = ECKey.generate_key("P-256", parameters={"kid": kid, "use": "sig", "alg": alg})
    else:
        raise ValueError("alg must be RS256 or ES256")
    return key


def public_jwk(key):
    jwk = key.as_dict(private=False)
    jwk.update({"kid": key.kid, "use": "sig", "alg": key.alg})
    return jwk


class TenantKeys:
    """Key material of one tenant.

    key_a     always published; signs the ID token in every mode except the two below
    key_b     published (second key) in no_kid_multiple_keys and, after the first JWKS
              fetch, in key_rotation, where it signs the ID token
    key_c     never published; signs the ID token in unknown_kid
    """

    def __init__(self, alg, mode, tid):
        self.alg, self.mode = alg, mode
        self.key_a = new_key(alg, f"{tid}-A")
        self.key_b = None
        self.key_c = None
        if mode in ("no_kid_multiple_keys", "key_rotation"):
            self.key_b = new_key(alg, f"{tid}-B")
        if mode == "unknown_kid":
            self.key_c = new_key(alg, f"{tid}-C")

    @property
    def signing_key(self):
        if self.mode == "key_rotation":
            return self.key_b
        if self.mode == "unknown_kid":
            return self.key_c
        return self.key_a

    def header(self):
        """The JOSE header Authlib should use (no kid in the two no_kid modes)."""
        header = {"alg": self.alg}
        if self.mode not in ("no_kid_single_key", "no_kid_multiple_keys"):
            header["kid"] = self.signing_key.kid
        return header

    def jwks(self, fetch_number):
        """The JWKS for the `fetch_number`-th fetch (1-based)."""
        keys = [self.key_a]
        if self.mode == "no_kid_multiple_keys":
            keys.append(self.key_b)
        if self.mode == "key_rotation" and fetch_number > 1:
            keys.append(self.key_b)
        return {"keys": [public_jwk(k) for k in keys]}


def _split(token):
    h, p, s = token.split(".")
    return json.loads(b64url_decode(h)), json.loads(b64url_decode(p)), s


def _unsigned(header, claims):
    return (b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
            + b64url(json.dumps(claims, separators=(",", ":")).encode()))


def apply_mode(token, keys, client_id, issuer):
    """Rewrite Authlib's correct ID token `token` for the tenant's mode."""
    mode = keys.mode
    header, claims, sig = _split(token)
    now = int(time.time())
    if mode == "bad_signature":
        raw = bytearray(b64url_decode(sig))
        raw[len(raw) // 2] ^= 0x5A
        raw[-1] ^= 0x01
        return token.rsplit(".", 1)[0] + "." + b64url(bytes(raw))
    if mode == "alg_none":
        return _unsigned({"alg": "none"}, claims) + "."
    if mode == "hs256_with_public_key":
        # The key-confusion attack: HMAC keyed with the public key's PEM bytes.
        secret = keys.signing_key.as_pem(private=False)
        hdr = {"alg": "HS256", "kid": keys.signing_key.kid}
        signing_input = _unsigned(hdr, claims)
        mac = hmac.new(secret, signing_input.encode(), hashlib.sha256).digest()
        return signing_input + "." + b64url(mac)

    changed = True
    if mode == "aud_array_single":
        claims["aud"] = [client_id]
    elif mode == "wrong_iss":
        claims["iss"] = issuer + "-impostor"
    elif mode == "wrong_aud":
        claims["aud"] = "some-other-client"
    elif mode == "missing_iat":
        claims.pop("iat", None)
    elif mode == "missing_sub":
        claims.pop("sub", None)
    elif mode == "expired":
        claims.update(iat=now - 3 * 3600, auth_time=now - 3 * 3600, exp=now - 2 * 3600)
    elif mode == "wrong_nonce":
        claims["nonce"] = "not-" + str(claims.get("nonce", "the-nonce"))
    elif mode == "multiple_aud_no_azp":
        claims["aud"] = [client_id, "other"]
        claims.pop("azp", None)
    elif mode == "azp_mismatch":
        claims["azp"] = "other"
    else:
        changed = False
    if not changed:
        return token
    return jwt.encode(header, claims, keys.signing_key, algorithms=[keys.alg])
