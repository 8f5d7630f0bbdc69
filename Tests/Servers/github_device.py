"""GitHub's device flow on the GitHub-like server (Authlib's RFC 8628 classes, via device.py).

  POST /login/device/code    form `client_id` (no secret) and `scope` -> `device_code` (40 hex
                             characters), `user_code` (XXXX-XXXX), `verification_uri`
                             ({host}/login/device), `expires_in`, `interval`; no
                             `verification_uri_complete`. Form-encoded unless
                             `Accept: application/json`.
  GET|POST /login/device     the user's page: enter the code, Approve or Deny
  POST /_test/device         {"user_code", "action": "approve"|"deny"}
  POST /_test/device/clock   {"user_code", "advance": seconds}: the code's client's device clock

Polls go to the token endpoint (github_server.access_token); `poll_answer` turns Authlib's
answers into GitHub's: HTTP 200 for every error, and `interval` in a slow_down answer.
GitHub's own error names: `device_flow_disabled`, `incorrect_device_code`,
`incorrect_client_credentials`.
"""

from authlib.oauth2 import OAuth2Error
from flask import json, request

from common import CLIENT_ID_ONLY
from device import (add_device_routes, authenticate_client_id, make_device_endpoint,
                    make_device_grant, new_hex_device_code)


class DeviceFlowDisabledError(OAuth2Error):
    error = "device_flow_disabled"
    description = "The device flow is not enabled for this app."


class IncorrectDeviceCodeError(OAuth2Error):
    error = "incorrect_device_code"
    description = "The device_code provided is not valid."


class IncorrectClientCredentialsError(OAuth2Error):
    error = "incorrect_client_credentials"
    description = "The client_id is not valid."


def install(app, server, devices, answer):
    """Register the device grant, the device code endpoint and the pages on `server`/`app`.
    `answer(status, payload)` renders like the token endpoint (form or JSON)."""
    server.register_client_auth_method(
        CLIENT_ID_ONLY,
        lambda query, req: authenticate_client_id(query, req, IncorrectClientCredentialsError))
    server.register_grant(make_device_grant(
        devices, [CLIENT_ID_ONLY], DeviceFlowDisabledError, IncorrectDeviceCodeError))
    endpoint = make_device_endpoint(
        devices, lambda: f"{request.host_url}login/device", [CLIENT_ID_ONLY],
        DeviceFlowDisabledError, new_hex_device_code, complete_uri=False)
    server.register_endpoint(endpoint)

    @app.post("/login/device/code")
    def device_code():
        resp = server.create_endpoint_response(endpoint.ENDPOINT_NAME)
        return answer(resp.status_code, json.loads(resp.get_data(as_text=True)))

    add_device_routes(app, devices, "/login/device")


def poll_answer(devices, client, t, status, payload):
    """GitHub answers every device-grant error with HTTP 200; slow_down carries the new interval.
    Logs the poll (time `t`, the result) for `client`."""
    device_code = request.form.get("device_code")
    if "error" in payload:
        status = 200
        cred = devices.find(device_code)
        if payload["error"] == "slow_down" and cred is not None:
            payload["interval"] = cred.interval
    if client is not None:
        devices.log_poll(client, t, device_code, payload)
    return status, payload
