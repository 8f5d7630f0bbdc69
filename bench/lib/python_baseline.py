"""The Python baselines: Authlib's OAuth 2.0 client (requests) doing the code exchange and profile
fetch that the engine does, the same three round trips with http.client (Python's floor), and the
per-operation cost of Authlib's OAuth 1.0a signing and of a PKCE pair."""

import http.client
import json
import os
import secrets
import time
import timeit
from urllib.parse import urlencode, urlsplit

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback, as the servers use

import requests  # noqa: E402
from authlib.integrations.requests_client import OAuth2Session  # noqa: E402
from authlib.oauth1 import ClientAuth  # noqa: E402
from authlib.oauth2.rfc7636 import create_s256_code_challenge  # noqa: E402

REDIRECT = "dev.authdesktop.authdesktop:/oauth2redirect/github.com"
SCOPE = "read:user user:email"


def register_client(base):
    answer = requests.post(f"{base}/_test/clients", json={"redirect_uris": [REDIRECT]}, timeout=10).json()
    return answer["client_id"], answer["client_secret"]


def authlib_client(base, iterations, warmup):
    """Milliseconds from holding the redirect URI to having the token, /user and /user/emails."""
    client_id, client_secret = register_client(base)
    session = OAuth2Session(client_id, client_secret, scope=SCOPE, redirect_uri=REDIRECT,
                            code_challenge_method="S256", token_endpoint_auth_method="client_secret_post")
    browser = requests.Session()
    samples = []
    for index in range(warmup + iterations):
        verifier = secrets.token_urlsafe(32)
        url, state = session.create_authorization_url(f"{base}/login/oauth/authorize", code_verifier=verifier)
        location = browser.get(url, allow_redirects=False).headers["Location"]
        start = time.perf_counter()
        session.fetch_token(f"{base}/login/oauth/access_token", authorization_response=location, state=state,
                            code_verifier=verifier)
        user = session.get(f"{base}/user").json()
        emails = session.get(f"{base}/user/emails").json()
        primary = next(e["email"] for e in emails if e["primary"] and e["verified"])
        elapsed = (time.perf_counter() - start) * 1000
        assert user["id"] == 1001 and primary == "octocat@example.com"
        if index >= warmup:
            samples.append(elapsed)
    return samples


def http_client_floor(base, iterations, warmup):
    """The same three round trips on one kept-alive http.client connection, nothing else."""
    client_id, client_secret = register_client(base)
    parts = urlsplit(base)
    browser = requests.Session()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    samples = []
    for index in range(warmup + iterations):
        verifier = secrets.token_urlsafe(32)
        query = urlencode({"response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT, "scope": SCOPE,
                           "state": secrets.token_urlsafe(16),
                           "code_challenge": create_s256_code_challenge(verifier), "code_challenge_method": "S256"})
        location = browser.get(f"{base}/login/oauth/authorize?{query}", allow_redirects=False).headers["Location"]
        code = dict(p.split("=", 1) for p in urlsplit(location).query.split("&"))["code"]
        start = time.perf_counter()
        form = urlencode({"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
                          "code_verifier": verifier, "client_id": client_id, "client_secret": client_secret})
        connection.request("POST", "/login/oauth/access_token", body=form, headers={
            "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"})
        token = connection.getresponse().read()
        access = json.loads(token)["access_token"]
        for path in ("/user", "/user/emails"):
            connection.request("GET", path, headers={"Authorization": f"Bearer {access}"})
            response = connection.getresponse()
            response.read()
            assert response.status == 200
        elapsed = (time.perf_counter() - start) * 1000
        if index >= warmup:
            samples.append(elapsed)
    connection.close()
    return samples


def micro(repeat=7):
    """Microseconds per operation (median of `repeat` timeit runs): Authlib's OAuth 1.0a signing of the
    RFC 5849 §1.2 token request, and a PKCE pair (32 random bytes, S256) as Authlib computes it."""
    auth = ClientAuth("dpf43f3p2l4k3l03", "kd94hf93k423kf44", token="hh5s93j4hdidpola",
                      token_secret="hdhd0244k9j7ao03", verifier="hfdp7dh39dks9884")

    def sign():
        auth.sign("POST", "https://photos.example.net/token", {}, b"")

    def pkce():
        create_s256_code_challenge(secrets.token_urlsafe(32))

    results = {}
    for name, body, number in (("oauth1_sign_token_request", sign, 5000), ("pkce_generate", pkce, 20000)):
        runs = sorted(timeit.repeat(body, number=number, repeat=repeat))
        results[name] = [r / number * 1e6 for r in runs]
    return results
