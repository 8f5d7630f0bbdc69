"""GitHub-like OAuth 2.0 server (authorization code + PKCE S256) on Authlib's Flask integration.

Endpoints (paths as on github.com):
  GET  /login/oauth/authorize      auto-approves as the client's user (or denies, per client)
  POST /login/oauth/access_token   JSON if `Accept: application/json`, else form-encoded
  GET  /user, /user/emails         `Authorization: Bearer|token <access_token>`
  DELETE /applications/<client_id>/token   "Delete an app token": Basic client auth,
                                   JSON {"access_token"} -> 204, the token is revoked
  POST /login/device/code, GET|POST /login/device   GitHub's device flow (github_device.py);
                                   its polls come to the token endpoint
Control (tests only):
  POST /_test/clients              register a client -> {"client_id", "client_secret"}
  POST /_test/clients/<id>/user    the user of the client's next sign-ins (POST /_test/clients's `user`)
  GET  /_test/clients/<id>/log     token-endpoint requests of that client (names only, no values)
                                   and the number of revocations
  ANY  /_test/redirect-target      records a hit (for the token_redirect fault)
  POST /_test/tokens/revoke        {"access_token"}: revoke that access token only (its refresh token
                                   still refreshes), as a server that refuses a leaked token does
  POST /_test/device               approve or deny a device flow's user code
  POST /_test/device/clock         move the device clock of a user code's client forward

GitHub quirks reproduced: form-encoded token answers by default, `token_type=bearer`
(lowercase), granted `scope` comma-separated, (fault `token_200_error`) errors with HTTP 200,
and device-flow polls answered with HTTP 200 whatever the error.
"""

import base64
import time
from urllib.parse import urlencode

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749.util import extract_basic_authorization
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from flask import Flask, Response, json, redirect, request

import device
import github_device
from github_clients import new_client, user_of
from common import (S256Only, Store, avatar_response, json_body, json_response,
                    make_bearer_validator, make_code_grant, make_refresh_grant, rand)

TOKEN_PATH = "/login/oauth/access_token"
DOCS = "https://docs.github.com/rest"


def _api_error(status, message):
    """A GitHub REST API error body."""
    return json_response({"message": message, "documentation_url": DOCS, "status": str(status)},
                         status)


def _wants_json():
    return "application/json" in request.headers.get("Accept", "")


def _github_body(status, payload):
    """Answer like GitHub: JSON only when asked for, otherwise form-encoded; scope uses commas."""
    payload = dict(payload)
    if "access_token" in payload:
        payload["token_type"] = "bearer"
        payload["scope"] = ",".join((payload.get("scope") or "").split())
    if _wants_json():
        return json_response(payload, status, {"Cache-Control": "no-store"})
    return Response(urlencode(payload), status=status, headers={"Cache-Control": "no-store"},
                    content_type="application/x-www-form-urlencoded; charset=utf-8")


def _basic_client_id():
    auth = request.headers.get("Authorization", "")
    if not auth.lower().startswith("basic "):
        return None
    try:
        return base64.b64decode(auth[6:]).decode().split(":", 1)[0]
    except Exception:
        return None


def create_app():
    """The Flask app of the GitHub-like server."""
    app = Flask("github")
    store = Store()

    server = AuthorizationServer(app, query_client=store.client, save_token=store.save_token)

    def expires(client, grant_type):
        if grant_type == "refresh_token" and client.refresh_expires_in:
            return client.refresh_expires_in
        return client.expires_in  # None/0 -> no expires_in in the answer (OAuth-app style)

    server.register_token_generator("default", BearerTokenGenerator(
        lambda **kw: "gho_" + rand(27), lambda **kw: "ghr_" + rand(48), expires))
    server.register_grant(make_code_grant(store), [S256Only(required=True)])
    server.register_grant(make_refresh_grant(store))
    devices = device.DeviceStore()
    github_device.install(app, server, devices, _github_body)

    protector = ResourceProtector()
    protector.register_token_validator(make_bearer_validator(store, "bearer"))
    protector.register_token_validator(make_bearer_validator(store, "token"))

    @app.post("/_test/clients")
    def register_client():
        try:
            client = store.add_client(new_client(json_body(), request.host_url))
        except (ValueError, TypeError) as exc:
            return json_response({"error": str(exc)}, 400)
        return json_response({"client_id": client.client_id, "client_secret": client.client_secret})

    @app.post("/_test/clients/<client_id>/user")
    def set_client_user(client_id):
        """The user the client's next sign-ins are (tokens issued earlier keep theirs)."""
        client = store.client(client_id)
        if not client:
            return json_response({"error": "no such client"}, 404)
        with store.lock:
            client.user, client.emails = user_of(json_body(), request.host_url)
        return json_response({"login": client.user["login"]})

    @app.get("/_test/clients/<client_id>/log")
    def client_log(client_id):
        client = store.client(client_id)
        if not client:
            return json_response({"error": "no such client"}, 404)
        with store.lock:
            return json_response({"requests": list(client.log),
                                  "redirect_target_hits": client.redirect_hits,
                                  "revocations": client.revocations,
                                  "device": list(client.device_log)})

    @app.post("/_test/tokens/revoke")
    def revoke_access_token():
        access_token = json_body().get("access_token")
        with store.lock:
            tok = store.bearer(access_token) if isinstance(access_token, str) else None
            if not tok:
                return json_response({"error": "no such token"}, 404)
            tok.revoked = True
        return json_response({"revoked": True})

    @app.route("/_test/redirect-target", methods=["GET", "POST", "PUT", "HEAD"])
    def redirect_target():
        client = store.client(request.args.get("client_id", ""))
        if client:
            with store.lock:
                client.redirect_hits += 1
        return json_response({"error": "you followed a redirect from the token endpoint"}, 418)

    @app.get("/_test/avatar/<int:uid>.png")
    def avatar(uid):
        return avatar_response()

    @app.get("/login/oauth/authorize")
    def authorize():
        client = store.client(request.args.get("client_id", ""))
        user = client.user if client else None
        try:
            grant = server.get_consent_grant(end_user=user)
        except OAuth2Error as error:
            return server.handle_error_response(None, error)
        grant_user = user if client.consent == "approve" else None
        return server.create_authorization_response(grant=grant, grant_user=grant_user)

    @app.post(TOKEN_PATH)
    def access_token():
        t = time.monotonic()
        client = store.client(request.form.get("client_id") or _basic_client_id() or "")
        if client:
            entry = {
                "t": t,
                "method": request.method,
                "path": request.path,
                "accept": request.headers.get("Accept"),
                "content_type": request.headers.get("Content-Type"),
                "form_keys": sorted(request.form.keys()),
                "grant_type": request.form.get("grant_type"),
                "has_basic_auth": request.headers.get("Authorization", "")
                .lower().startswith("basic "),
            }
            with store.lock:
                client.log.append(entry)
        fault = client.fault if client else None
        if fault == "token_500":
            return Response("<html><body><h1>500 Internal Server Error</h1></body></html>",
                            500, content_type="text/html; charset=utf-8")
        if fault == "token_garbage":
            return Response("<html>this is not JSON {", 200,
                            content_type="application/json; charset=utf-8")
        if fault == "token_redirect":
            target = f"{request.host_url}_test/redirect-target?client_id={client.client_id}"
            return redirect(target, 302)
        if fault == "token_200_error":
            return _github_body(200, {
                "error": "bad_verification_code",
                "error_description": "The code passed is incorrect or expired.",
                "error_uri": "https://docs.github.com/apps/managing-oauth-apps/"
                             "troubleshooting-oauth-app-access-token-request-errors"
                             "/#bad-verification-code"})
        resp = server.create_token_response()
        extra = {k: v for k, v in resp.headers.items() if k.lower() == "www-authenticate"}
        status, payload = resp.status_code, json.loads(resp.get_data(as_text=True))
        if device.is_device_poll(request.form):
            status, payload = github_device.poll_answer(devices, client, t, status, payload)
        out = _github_body(status, payload)
        out.headers.update(extra)
        return out

    def _token_or_401():
        try:
            return protector.acquire_token(), None
        except OAuth2Error:
            return None, _api_error(401, "Bad credentials")

    @app.get("/user")
    def user():
        token, err = _token_or_401()
        if err:
            return err
        if token.client.fault == "user_500":
            return json_response({"message": "Server Error"}, 500)
        return json_response(dict(token.user))

    @app.get("/user/emails")
    def user_emails():
        token, err = _token_or_401()
        if err:
            return err
        scopes = set(token.scope.split())
        if not scopes & {"user:email", "user"}:
            return _api_error(404, "Not Found")
        return json_response(token.client.emails)

    @app.delete("/applications/<client_id>/token")
    def delete_app_token(client_id):
        """GitHub's "Delete an app token": the app authenticates with Basic id:secret."""
        try:
            basic_id, basic_secret = extract_basic_authorization(request.headers)
        except ValueError:  # not UTF-8
            basic_id = basic_secret = None
        client = store.client(basic_id or "")
        if not client or not basic_secret or not client.check_client_secret(basic_secret):
            return _api_error(401, "Bad credentials")
        if client_id != client.client_id:
            return _api_error(404, "Not Found")
        if client.fault == "revoke_500":
            return json_response({"message": "Server Error"}, 500)
        body = request.get_json(force=True, silent=True)  # GitHub ignores the Content-Type
        access_token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(access_token, str) or not access_token:
            return _api_error(422, "Invalid request.\n\n\"access_token\" wasn't supplied.")
        with store.lock:
            tok = store.bearer(access_token)
            if not tok or tok.revoked or tok.client is not client:
                return _api_error(404, "Not Found")
            tok.revoked = tok.refresh_revoked = True  # this token and its refresh token
            client.revocations += 1
        resp = Response(status=204)
        del resp.headers["Content-Type"]  # no body, no type
        return resp

    @app.get("/2/users/me")
    def x_users_me():
        """X's OAuth 2.0 identity endpoint, so this server also plays X with `protocol = "oauth2"`."""
        token, err = _token_or_401()
        if err:
            return err
        user = dict(token.user)
        return json_response({"data": {"id": str(user["id"]), "name": user.get("name"),
                                       "username": user.get("login"),
                                       "profile_image_url": user.get("avatar_url")}})

    return app
