"""The GitHub-like server's test clients: what POST /_test/clients registers (github_server.py)."""

import device
from common import Client

FAULTS = {None, "token_500", "token_garbage", "token_redirect", "token_200_error", "user_500",
          "revoke_500"}


def user_of(u, host_url):
    """The user (and their emails) a client signs in as, from a test's `user` JSON (fields optional)."""
    uid = int(u.get("id", 1001))
    email = u.get("email", "octocat@example.com")
    user = {
        "id": uid,
        "login": u.get("login", "octocat"),
        "name": u.get("name", "Mona Octocat"),
        "email": email,
        "avatar_url": u.get("avatar_url", f"{host_url}_test/avatar/{uid}.png"),
    }
    emails = u.get("emails")
    if emails is None:
        emails = [{"email": email, "primary": True, "verified": True, "visibility": "public"}]
    return user, emails


def new_client(body, host_url):
    """Build a Client from the POST /_test/clients JSON body (all fields optional)."""
    user, emails = user_of(body.get("user") or {}, host_url)
    fault = body.get("fault")
    if fault not in FAULTS:
        raise ValueError(f"unknown fault {fault!r}")
    consent = body.get("consent", "approve")
    if consent not in ("approve", "deny"):
        raise ValueError("consent must be 'approve' or 'deny'")
    return Client(
        redirect_uris=body.get("redirect_uris", ["com.example.test:/oauth2redirect"]),
        scope=body.get("scope", "read:user user:email"),
        auth_method=body.get("token_endpoint_auth_method", "client_secret_post"),
        refresh=body.get("issue_refresh_token", False),
        user=user, emails=emails, consent=consent, fault=fault,
        expires_in=body.get("expires_in", 28800), redirect_hits=0, revocations=0,
        refresh_expires_in=body.get("refresh_expires_in"),
        reuse_detection=bool(body.get("reuse_detection", False)),
        **device.client_settings(body, "device_flow"),
    )
