"""Authlib's RFC 8628 device authorization endpoint and device code grant, bound to a `DeviceStore`.

* `make_device_endpoint` / `make_device_grant` -- Authlib's `DeviceAuthorizationEndpoint` and
  `DeviceCodeGrant` bound to a store (device_store.py). RFC flavour by default (`invalid_grant`
  for an unknown, used or foreign device code); the GitHub-like server overrides the errors and
  auth method.
* `authenticate_client_id` -- client authentication by `client_id` alone (GitHub's device flow).
* `is_device_poll` / `new_hex_device_code` -- small helpers of the token endpoint and of GitHub.
"""

import secrets
import time

from authlib.oauth2.rfc6749.errors import (InvalidClientError, InvalidGrantError,
                                           InvalidScopeError, UnauthorizedClientError)
from authlib.oauth2.rfc8628 import (DEVICE_CODE_GRANT_TYPE, DeviceAuthorizationEndpoint,
                                    DeviceCodeGrant)


def make_device_endpoint(store, verification_uri, auth_methods=None,
                         disabled=UnauthorizedClientError, device_code=None, complete_uri=True):
    """Authlib's DeviceAuthorizationEndpoint on `store`, with the client's own interval and expiry.

    verification_uri  () -> the page's URL (asked per request)
    auth_methods      client authentication methods (default: Authlib's three; the Client
                      allows only its own)
    disabled          error class for a client without the device flow
    device_code       () -> a new device code (default: Authlib's 42 characters)
    complete_uri      whether to keep `verification_uri_complete` in the answer
    """

    class Endpoint(DeviceAuthorizationEndpoint):
        if auth_methods:
            CLIENT_AUTH_METHODS = list(auth_methods)

        def authenticate_client(self, req):
            client = super().authenticate_client(req)
            if not client.device_flow:
                raise disabled()
            # Authlib checks the scope against a server-wide list only
            if client.get_allowed_scope(req.payload.scope) is None:
                raise InvalidScopeError()
            return client

        def generate_device_code(self):
            return device_code() if device_code else super().generate_device_code()

        def generate_user_code(self):
            while True:
                code = super().generate_user_code()
                if not store.has_user_code(code):
                    return code

        def get_verification_uri(self):
            return verification_uri()

        def save_device_credential(self, client_id, scope, data):
            store.add(data["device_code"], data["user_code"], self.server.query_client(client_id),
                      scope)

        def create_endpoint_response(self, req):
            t = time.monotonic()
            status, data, headers = super().create_endpoint_response(req)
            client = req.client
            data["expires_in"] = client.device_expires_in  # Authlib answers its class constants
            data["interval"] = client.device_interval
            if not complete_uri:
                data.pop("verification_uri_complete", None)
            cred = store.find(data["device_code"])
            store.log(client, "code", t, flow=cred.seq, interval=cred.interval,
                      expires_in=client.device_expires_in)
            return status, data, headers

    return Endpoint


def make_device_grant(store, auth_methods=None, disabled=UnauthorizedClientError,
                      unknown_code=InvalidGrantError):
    """Authlib's DeviceCodeGrant on `store`: interval enforcement, single use, per-flavour errors.
    `unknown_code` is raised for a device code that is unknown, used, or another client's."""

    class Grant(DeviceCodeGrant):
        if auth_methods:
            TOKEN_ENDPOINT_AUTH_METHODS = list(auth_methods)

        def authenticate_token_endpoint_client(self):
            client = super().authenticate_token_endpoint_client()
            if not client.device_flow:
                raise disabled()
            self.request.client = client  # for query_device_credential
            return client

        def query_device_credential(self, device_code):
            cred = store.find(device_code)
            if cred is None or cred.client is not self.request.client:
                raise unknown_code("The device_code is unknown, used, or not this client's.")
            return cred

        def query_user_grant(self, user_code):
            return store.user_grant(user_code)

        def should_slow_down(self, credential):
            return store.slow_down(credential)

        def create_token_response(self):
            if not store.consume(self.request.credential):  # Authlib never retires the code
                raise unknown_code("The device_code was already used.")
            return super().create_token_response()

    return Grant


def authenticate_client_id(query_client, req, error=InvalidClientError):
    """Client authentication by `client_id` alone (GitHub's device flow takes no secret)."""
    client = query_client(req.payload.client_id) if req.payload.client_id else None
    if client is None:
        raise error("Unknown or missing client_id.")
    return client


def is_device_poll(form):
    return form.get("grant_type") == DEVICE_CODE_GRANT_TYPE or "device_code" in form


def new_hex_device_code():
    """40 hex characters, the shape of GitHub's device codes."""
    return secrets.token_hex(20)
