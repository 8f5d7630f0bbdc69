"""Shared helpers of the device-flow self-checks (selfcheck_device_github.py and
selfcheck_device_oidc.py): the RFC 8628 grant type, form-encoded answers and the /_test/device
control endpoint that approves or denies a user code as a user would."""

from urllib.parse import parse_qs

import requests

GRANT = "urn:ietf:params:oauth:grant-type:device_code"
JSON = {"Accept": "application/json"}


def form_of(resp):
    return {k: v[0] for k, v in parse_qs(resp.text).items()}


def clock(base, user_code, seconds):
    return requests.post(f"{base}/_test/device/clock",
                         json={"user_code": user_code, "advance": seconds}, timeout=10)


def control(base, user_code, action):
    return requests.post(f"{base}/_test/device", json={"user_code": user_code, "action": action},
                         timeout=10)
