"""Out-of-band codes on the Identity Toolkit test server: `accounts:sendOobCode`,
`accounts:resetPassword`, `accounts:update` with an `oobCode`, and the emulator's listing of the
codes it would have emailed, `GET /emulator/v1/projects/<id>/oobCodes`.

Mirrors firebase-tools `sendOobCode`, `resetPassword` and `setAccountInfoImpl`, with production's
differences: codes expire (EXPIRED_OOB_CODE after an hour for a password reset, three days for a
verification; the emulator's never do), and under email-enumeration protection a password reset
for an unknown address answers as for a known one.
"""

import secrets

from flask import request

from common import json_response
from itk_accounts import PASSWORD_MIN_LENGTH, ItkError, check
from itk_ops import WEAK_PASSWORD, valid_email

LIFETIME = {"PASSWORD_RESET": 3600, "VERIFY_EMAIL": 3 * 24 * 3600}


def codes(project):
    if not hasattr(project, "oob_codes"):
        project.oob_codes = []  # [{"oobCode", "email", "requestType", "tenantId", "expiresAt"}]
    return project.oob_codes


def send_oob_code(ops, project, body):
    kind = body.get("requestType")
    check(kind and kind != "OOB_REQ_TYPE_UNSPECIFIED", "MISSING_REQ_TYPE")
    tenant = body.get("tenantId")
    out = {"kind": "identitytoolkit#GetOobConfirmationCodeResponse"}
    if kind == "PASSWORD_RESET":
        check(body.get("email"), "MISSING_EMAIL")
        email = valid_email(body["email"])
        out["email"] = email
        if not project.namespace(tenant).by_email(email):
            check(project.enumeration_protection, "EMAIL_NOT_FOUND")
            return out
    elif kind == "VERIFY_EMAIL":
        _, user, _ = ops.parse_id_token(project, body.get("idToken") or "", body)
        check(user.email, "MISSING_EMAIL")
        email = out["email"] = user.email
        tenant = user.tenant_id
    else:
        raise ItkError(kind, 501, {"status": "NOT_IMPLEMENTED", "reason": "unimplemented"})
    codes(project).append({"oobCode": secrets.token_urlsafe(30), "email": email,
                           "requestType": kind, "tenantId": tenant,
                           "expiresAt": project.now() + LIFETIME[kind]})
    return out


def find_code(project, code, kind):
    check(code, "MISSING_OOB_CODE")
    record = next((r for r in codes(project) if r["oobCode"] == code), None)
    check(record and record["requestType"] == kind, "INVALID_OOB_CODE")
    check(record["expiresAt"] > project.now(), "EXPIRED_OOB_CODE")
    return record


def reset_password(ops, project, body):
    check(project.password_enabled, "PASSWORD_LOGIN_DISABLED")
    record = find_code(project, body.get("oobCode"), "PASSWORD_RESET")
    password = body.get("newPassword")
    if password:
        check(len(password) >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD)
        codes(project).remove(record)
        user = project.namespace(record["tenantId"]).by_email(record["email"])
        check(user, "INVALID_OOB_CODE")
        now = project.now()
        user.set_password(password, now)
        user.revoke_tokens(now)
        user.email_verified = True
        user.providers.clear()
    return {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET",
            "email": record["email"]}


def apply_oob_code(ops, project, body):
    record = find_code(project, body.get("oobCode"), "VERIFY_EMAIL")
    codes(project).remove(record)
    user = project.namespace(record["tenantId"]).by_email(record["email"])
    check(user, "INVALID_OOB_CODE")
    user.email_verified = True
    return {"kind": "identitytoolkit#SetAccountInfoResponse", "localId": user.local_id,
            "email": user.email, "emailVerified": True,
            "providerUserInfo": user.provider_user_info()}


def add_oob_routes(app, srv, find):
    @app.get("/emulator/v1/projects/<project_id>/oobCodes")
    def oob_codes(project_id):
        project = find(project_id)
        with srv.ops.lock:
            listed = [{k: r[k] for k in ("oobCode", "email", "requestType")}
                      for r in codes(project)]
        return json_response({"oobCodes": listed})

    @app.post("/_test/projects/<project_id>/oob/expire")
    def expire(project_id):
        project = find(project_id)
        with srv.ops.lock:
            for record in codes(project):
                record["expiresAt"] = project.now() - 1
        return json_response({"expired": len(codes(project))})
