"""The user's side of the device flow (RFC 8628): the verification page and its test control.

`add_device_routes` adds the page where the user enters the code and presses Approve or Deny, the
control endpoint `POST /_test/device` that does the same without a browser (both decide on a
`DeviceStore`, device_store.py, and log the decision), and `POST /_test/device/clock`, which moves
the manual device clock of a code's client forward (for a client whose own clock is a manual one).
"""

import html
import time

from flask import Response, request

from common_http import json_body, json_response


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Device activation</title></head>
<body><h1>Device activation</h1>
<p id="message">{message}</p>
<form method="post" action="{action}">
<label>Code <input name="user_code" value="{code}" autocomplete="off" autofocus></label>
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="deny">Deny</button>
</form></body></html>
"""


def _page(message, code="", status=200):
    body = PAGE.format(message=html.escape(message), code=html.escape(code),
                       action=html.escape(request.path))
    return Response(body, status=status, content_type="text/html; charset=utf-8")


def _decide(store, user_code, action, allowed):
    """(status, message, credential) for approve/deny of `user_code`; `allowed(cred)` scopes it."""
    if action not in ("approve", "deny"):
        return 400, "action must be approve or deny.", None
    cred = store.find_user_code(user_code)
    if cred is None or not allowed(cred):
        return 404, "No such code.", None
    status, message, cred = store.decide(user_code, action == "approve")
    if status == 200:
        store.log(cred.client, action, time.monotonic(), flow=cred.seq)
    return status, message, cred


def add_device_routes(app, store, page_rule, allowed=lambda cred: True):
    """The verification page at `page_rule` (GET shows the form, `?user_code=` fills it in; POST
    `user_code` + `action` approves or denies as the client's user), `POST /_test/device` and
    `POST /_test/device/clock` (`{"user_code", "advance": seconds}`)."""

    def page(**_):
        code = request.args.get("user_code", "")
        cred = store.find_user_code(code) if code else None
        message = "Enter the code shown on your device."
        if cred is not None and allowed(cred):
            message = f"{cred.client.client_id} asks for: {cred.scope or '(no scope)'}."
        return _page(message, code)

    def submit(**_):
        code = request.form.get("user_code", "")
        status, message, _ = _decide(store, code, request.form.get("action"), allowed)
        return _page(message, code, status)

    app.add_url_rule(page_rule, "device_page", page, methods=["GET"])
    app.add_url_rule(page_rule, "device_submit", submit, methods=["POST"])

    @app.post("/_test/device")
    def device_control():
        body = json_body()
        status, message, cred = _decide(store, body.get("user_code", ""), body.get("action"),
                                        lambda c: True)
        out = {"status": cred.state if cred else None, "message": message}
        if cred is not None:
            out["client_id"] = cred.client.client_id
        return json_response(out, status)

    @app.post("/_test/device/clock")
    def device_clock():
        body = json_body()
        seconds = body.get("advance")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
            return json_response({"message": "advance must be a number of seconds >= 0"}, 400)
        status, message, cred = store.advance_clock(body.get("user_code", ""), seconds)
        if status != 200:
            return json_response({"message": message}, status)
        return json_response({"client_id": cred.client.client_id, "now": cred.client.device_clock})
