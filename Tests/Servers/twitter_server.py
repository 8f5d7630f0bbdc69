"""Twitter-like OAuth 1.0a server (HMAC-SHA1) on Authlib's Flask OAuth 1 integration.

Endpoints (paths as on api.twitter.com):
  POST /oauth/request_token            signed with the consumer; `oauth_callback` must be listed
  GET  /oauth/authenticate, /authorize auto-approve -> callback?oauth_token&oauth_verifier,
                                       deny -> callback?denied=<oauth_token>
  POST /oauth/access_token             signed with request token + verifier
  GET  /1.1/account/verify_credentials.json   signed with the access token
  POST /1.1/oauth/invalidate_token     signed with the access token -> {"access_token"}; the
                                       token stops working
Control (tests only):
  POST /_test/clients                  -> {"consumer_key", "consumer_secret"}
  GET  /_test/clients/<key>/log        endpoints hit and whether the signature verified
  GET  /_test/clients/<key>/stats      {"invalidated": n}

Authlib checks signatures, timestamps (300 s window) and nonces; a nonce is remembered as
(timestamp, nonce, consumer key). Signature failures answer 401 with an OAuth error body.
"""

import threading

from authlib.common.urls import add_params_to_uri, url_encode
from authlib.integrations.flask_oauth1 import AuthorizationServer, ResourceProtector
from authlib.oauth1 import ClientMixin, TemporaryCredential
from authlib.oauth1.rfc5849.errors import OAuth1Error
from flask import Flask, Response, g, redirect, request

from common import avatar_response, json_body, json_response, rand

FAULTS = {None, "callback_not_confirmed", "verify_500"}


class CallbackNotApproved(OAuth1Error):
    error = "callback_not_approved"
    description = "Callback URL not approved for this client application."
    status_code = 403


class Consumer(ClientMixin):
    def __init__(self, body, host_url):
        u = body.get("user") or {}
        self.consumer_key = rand(18)
        self.consumer_secret = rand(30)
        self.callback_uris = list(body.get("callback_uris", ["com.example.test://oauth/callback"]))
        self.consent = body.get("consent", "approve")
        self.fault = body.get("fault")
        if self.consent not in ("approve", "deny") or self.fault not in FAULTS:
            raise ValueError("bad consent or fault")
        id_str = str(u.get("id_str", "783214"))
        self.user = {
            "id": int(id_str), "id_str": id_str,
            "screen_name": u.get("screen_name", "TwitterDev"),
            "name": u.get("name", "Twitter Dev"),
            "profile_image_url_https": u.get("profile_image_url_https",
                                             f"{host_url}_test/avatar/{id_str}.png"),
        }
        self.email = u.get("email", "dev@example.com")
        self.log = []
        self.invalidated = 0

    def get_default_redirect_uri(self):
        return self.callback_uris[0]

    def get_client_secret(self):
        return self.consumer_secret

    def get_rsa_public_key(self):
        return None


class AccessToken(dict):
    def get_oauth_token(self):
        return self["oauth_token"]

    def get_oauth_token_secret(self):
        return self["oauth_token_secret"]


class TwitterAuthServer(AuthorizationServer):
    """Authlib's server plus: callback allow-list, a per-consumer log, Twitter's answer shape."""

    def __init__(self, app, state):
        self.state = state
        super().__init__(app, query_client=state.consumer)

    def _logged(self, validate, req):
        try:
            validate(req)
        except OAuth1Error:
            self.state.record(req.client_id, False)
            raise
        self.state.record(req.client_id, True)
        return req

    def validate_temporary_credentials_request(self, req):
        self._logged(super().validate_temporary_credentials_request, req)
        if req.redirect_uri not in req.client.callback_uris:
            raise CallbackNotApproved()
        return req

    def validate_token_request(self, req):
        return self._logged(super().validate_token_request, req)

    def handle_response(self, status_code, payload, headers):
        """Lowercase booleans (Authlib would send `True`), fault, and user_id/screen_name."""
        if isinstance(payload, list):
            items = []
            consumer = g.get("consumer")
            for k, v in payload:
                if k == "oauth_callback_confirmed":
                    broken = consumer is not None and consumer.fault == "callback_not_confirmed"
                    v = "false" if broken else "true"
                items.append((k, v))
            items.extend(g.pop("extra_token_fields", []))
            payload = url_encode(items)
        return Response(payload, status=status_code, headers=headers)


class State:
    """All in-memory state of the Twitter-like server."""

    def __init__(self):
        self.lock = threading.RLock()
        self.consumers, self.temp, self.access, self.nonces = {}, {}, {}, set()

    def consumer(self, key):
        with self.lock:
            c = self.consumers.get(key or "")
        if c is not None and request:
            g.consumer = c
        return c

    def record(self, key, verified):
        c = self.consumer(key)
        if c:
            with self.lock:
                c.log.append({"method": request.method, "path": request.path,
                              "signature_verified": verified})

    def exists_nonce(self, nonce, timestamp, client_id, token):
        key = (timestamp, nonce, client_id)
        with self.lock:
            if key in self.nonces:
                return True
            self.nonces.add(key)
            return False


def create_app():
    """The Flask app of the Twitter-like server."""
    app = Flask("twitter")
    st = State()
    server = TwitterAuthServer(app, st)
    server.register_hook("exists_nonce", st.exists_nonce)

    def create_temporary_credential(token, client_id, redirect_uri):
        cred = TemporaryCredential(token, client_id=client_id, oauth_callback=redirect_uri)
        with st.lock:
            st.temp[cred.get_oauth_token()] = cred
        return cred

    def get_temporary_credential(token):
        with st.lock:
            return st.temp.get(token)

    def delete_temporary_credential(token):
        with st.lock:
            st.temp.pop(token, None)

    def create_authorization_verifier(credential, grant_user, verifier):
        with st.lock:
            credential["user_id"] = grant_user["id_str"]
            credential["oauth_verifier"] = verifier

    def create_token_credential(token, temporary_credential):
        consumer = st.consumer(temporary_credential.get_client_id())
        cred = AccessToken(token, client_id=consumer.consumer_key, consumer=consumer)
        with st.lock:
            st.access[cred.get_oauth_token()] = cred
        g.extra_token_fields = [("user_id", consumer.user["id_str"]),
                                ("screen_name", consumer.user["screen_name"])]
        return cred

    for name, fn in [("create_temporary_credential", create_temporary_credential),
                     ("get_temporary_credential", get_temporary_credential),
                     ("delete_temporary_credential", delete_temporary_credential),
                     ("create_authorization_verifier", create_authorization_verifier),
                     ("create_token_credential", create_token_credential)]:
        server.register_hook(name, fn)

    def query_token(client_id, oauth_token):
        with st.lock:
            cred = st.access.get(oauth_token)
        return cred if cred and cred["client_id"] == client_id else None

    protector = ResourceProtector(app, query_client=st.consumer, query_token=query_token,
                                  exists_nonce=st.exists_nonce)

    @app.post("/_test/clients")
    def register_consumer():
        try:
            c = Consumer(json_body(), request.host_url)
        except (ValueError, TypeError) as exc:
            return json_response({"error": str(exc)}, 400)
        with st.lock:
            st.consumers[c.consumer_key] = c
        return json_response({"consumer_key": c.consumer_key, "consumer_secret": c.consumer_secret})

    @app.get("/_test/clients/<key>/log")
    def consumer_log(key):
        c = st.consumer(key)
        if not c:
            return json_response({"error": "no such consumer"}, 404)
        with st.lock:
            return json_response(list(c.log))

    @app.get("/_test/clients/<key>/stats")
    def consumer_stats(key):
        c = st.consumer(key)
        if not c:
            return json_response({"error": "no such consumer"}, 404)
        with st.lock:
            return json_response({"invalidated": c.invalidated})

    @app.get("/_test/avatar/<uid>.png")
    def avatar(uid):
        return avatar_response()

    @app.post("/oauth/request_token")
    def request_token():
        return server.create_temporary_credentials_response()

    @app.get("/oauth/authenticate")
    @app.get("/oauth/authorize")
    def authorize():
        try:
            req = server.check_authorization_request()
        except OAuth1Error as error:
            return server.handle_error_response(error)
        c = st.consumer(req.credential.get_client_id())
        with st.lock:
            c.log.append({"method": "GET", "path": request.path, "signature_verified": None})
        if c.consent == "deny":
            delete_temporary_credential(req.token)
            return redirect(add_params_to_uri(req.credential.get_redirect_uri(),
                                              [("denied", req.token)]), 302)
        return server.create_authorization_response(grant_user=c.user)

    @app.post("/oauth/access_token")
    def access_token():
        return server.create_token_response()

    def api_credential():
        """Check an API request's signature (logged): (access credential, None) or (None, 401)."""
        try:
            req = protector.validate_request(request.method, request.url,
                                             request.form.to_dict(flat=True), request.headers)
        except OAuth1Error as error:
            st.record(request.values.get("oauth_consumer_key") or _header_consumer(), False)
            return None, json_response({"errors": [{"code": 32, "message":
                                                    "Could not authenticate you."}],
                                        "error": error.error}, error.status_code or 401)
        st.record(req.client_id, True)
        return req.credential, None

    @app.get("/1.1/account/verify_credentials.json")
    def verify_credentials():
        cred, err = api_credential()
        if err:
            return err
        consumer = cred["consumer"]
        if consumer.fault == "verify_500":
            return json_response({"errors": [{"code": 131, "message": "Internal error"}]}, 500)
        body = dict(consumer.user)
        if request.args.get("include_email") == "true":
            body["email"] = consumer.email
        return json_response(body)

    @app.post("/1.1/oauth/invalidate_token")
    def invalidate_token():
        """X's invalidate_token: the access token that signed the request stops working."""
        cred, err = api_credential()
        if err:
            return err
        with st.lock:
            st.access.pop(cred.get_oauth_token(), None)
            cred["consumer"].invalidated += 1
        return json_response({"access_token": cred.get_oauth_token()})

    return app


def _header_consumer():
    """oauth_consumer_key from the Authorization header (for logging a failed request)."""
    from authlib.oauth1.rfc5849.wrapper import _parse_authorization_header
    params, _ = _parse_authorization_header(request.headers)
    return dict(params).get("oauth_consumer_key")
