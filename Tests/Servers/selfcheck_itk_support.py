"""Shared helpers of the Identity Toolkit self-checks (selfcheck_itk_*.py): a client of one test
project, error and ID-token readers, and real GitHub and OIDC credentials from the provider servers
beside it."""

import hashlib

import requests
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

import selfcheck_github
from selfcheck import browse, pkce_pair

V1 = "/identitytoolkit.googleapis.com/v1/accounts:"
JWKS = "/robot/v1/metadata/jwk/securetoken@system.gserviceaccount.com"


class Itk:
    """A client of one test project."""

    def __init__(self, base, **body):
        self.base, self.body = base, body
        self.p = requests.post(f"{base}/_test/projects", json=body, timeout=10).json()
        self.key = self.p.get("api_key")

    def call(self, op, body, key=None, headers=None, path=None):
        r = requests.post(self.base + (path or V1 + op), json=body, timeout=30, headers=headers,
                          params={} if key is False else {"key": key or self.key})
        return r.status_code, r.json()

    def token(self, data, form=True):
        url = f"{self.base}/securetoken.googleapis.com/v1/token"
        kw = {"data": data} if form else {"json": data}
        r = requests.post(url, params={"key": self.key}, timeout=10, **kw)
        return r.status_code, r.json()

    def test(self, what, body=None, method="post"):
        r = requests.request(method, f"{self.base}/_test/projects/{self.p['project_id']}/{what}",
                             json=body, timeout=10)
        return r.json()

    def accounts(self):
        return self.test("accounts", method="get")["accounts"]

    def idp(self, post_body, **extra):
        return self.call("signInWithIdp", {"requestUri": "http://localhost", "postBody": post_body,
                                           "returnSecureToken": True, **extra})

    def password_user(self, email, password="secret-pw"):
        return self.call("signUp", {"email": email, "password": password,
                                    "returnSecureToken": True})[1]


def err(resp):
    status, body = resp
    return status, body.get("error", {}).get("message") or body.get("errorMessage") or ""


def claims_of(base, id_token):
    """Verify `id_token` with the published JWKS as a backend would: (header, claims), or
    ({}, {}) when it does not verify."""
    keys = KeySet.import_key_set(requests.get(base + JWKS, timeout=10).json())
    try:
        decoded = jwt.decode(id_token, keys, algorithms=["RS256"])
    except (JoseError, ValueError):
        return {}, {}
    return decoded.header, decoded.claims


def github_token(gh, user_id, email, verified=True):
    cl = selfcheck_github.new_client(gh, user={"id": user_id, "login": f"u{user_id}",
                                               "email": email, "emails": [
                                                   {"email": email, "primary": True,
                                                    "verified": verified}]})
    return selfcheck_github.sign_in(gh, cl).json()["access_token"]


def oidc_id_token(tenant, nonce):
    disc = requests.get(f"{tenant['issuer']}/.well-known/openid-configuration", timeout=10).json()
    verifier, challenge = pkce_pair()
    params = {"client_id": tenant["client_id"], "redirect_uri": "com.example.test:/oidc",
              "response_type": "code", "scope": "openid email profile", "state": "s",
              "code_challenge": challenge, "code_challenge_method": "S256"}
    if nonce:
        params["nonce"] = nonce
    _, _, q = browse(disc["authorization_endpoint"], params)
    r = requests.post(disc["token_endpoint"], timeout=10, auth=(tenant["client_id"],
                                                                tenant["client_secret"]),
                      data={"grant_type": "authorization_code", "code": q.get("code"),
                            "redirect_uri": "com.example.test:/oidc", "code_verifier": verifier})
    return r.json()["id_token"]


def hexsha(raw):
    return hashlib.sha256(raw.encode()).hexdigest()
