"""Error responses of the Identity Toolkit test server.

`error_body` builds the Identity Toolkit error shape for an `ItkError` code; `key_invalid` is
production's answer to an unknown API key; `FAULT_BODIES` are the messages of the 500 and 503
faults a test injects (`POST /_test/projects/<id>/fault`).
"""

from common import json_response

FAULT_BODIES = {500: ("Internal error encountered.", "INTERNAL"),
                503: ("The service is currently unavailable.", "UNAVAILABLE")}
KEY_INVALID = "API key not valid. Please pass a valid API key."


def error_body(code, status=400, extra=None):
    """The Identity Toolkit error shape (emulator `errors.ts` `BadRequestError`):
    {"error": {"code", "message", "errors": [{"message", "reason", "domain"}], "status"?}}."""
    extra = extra or {}
    err = {"code": status, "message": code,
           "errors": [{"message": code, "reason": extra.get("reason", "invalid"),
                       "domain": "global"}]}
    if extra.get("status"):
        err["status"] = extra["status"]
    if extra.get("details"):
        err["details"] = extra["details"]
    return json_response({"error": err}, status)


def key_invalid():
    """Production's answer to an unknown API key (seen on identitytoolkit.googleapis.com):
    HTTP 400, reason "badRequest", status INVALID_ARGUMENT, ErrorInfo API_KEY_INVALID. The
    legacy v3 front end answered reason "keyInvalid", which the iOS SDK still matches."""
    return error_body(KEY_INVALID, 400, {"reason": "badRequest", "status": "INVALID_ARGUMENT",
                                         "details": [{
                                             "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                             "reason": "API_KEY_INVALID",
                                             "domain": "googleapis.com",
                                             "metadata": {"service":
                                                          "identitytoolkit.googleapis.com"}}]})
