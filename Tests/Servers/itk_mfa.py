"""Identity Platform's TOTP second factor in the Identity Toolkit test server (REST v2), as
production answers it, for the client's behaviour against those answers. pyotp checks the codes.

Endpoints (emulator URL form, or the same paths without the host segment):
  POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start     idToken,
       totpEnrollmentInfo -> totpSessionInfo (sharedSecretKey, verificationCodeLength,
       hashingAlgorithm, periodSec, sessionInfo, finalizeEnrollmentTime)
  POST …/v2/accounts/mfaEnrollment:finalize   idToken, displayName, totpVerificationInfo
       (sessionInfo, verificationCode) -> idToken, refreshToken
  POST …/v2/accounts/mfaEnrollment:withdraw   idToken, mfaEnrollmentId -> idToken, refreshToken
  POST …/v2/accounts/mfaSignIn:finalize       mfaPendingCredential, mfaEnrollmentId,
       totpVerificationInfo.verificationCode -> idToken, refreshToken
A first factor (signInWithPassword, signInWithIdp without idToken) of an account with a factor
answers mfaPendingCredential and mfaInfo instead of tokens. Codes follow the project's clock (one
30-second step either way, each once); a pending credential lasts 10 minutes and 5 wrong codes.
Control (tests only):
  POST /_test/projects/<id>/users/<localId>/totp   {"displayName"?} -> {"mfaEnrollmentId",
       "secret"}: a factor enrolled elsewhere (no verified email needed)
  GET  /_test/projects/<id>/users/<localId>/totp?ahead=N -> {"code"}: the authenticator's code
       at the project's clock, N steps ahead
  POST /_test/projects/<id>/authenticator   {"uri": otpauth URI, "ahead"?} -> {"code"}: pyotp as
       the user's authenticator app, at the project's clock
"""

import secrets
from datetime import datetime, timezone

import pyotp
from flask import abort, request

from common import json_response
from itk_accounts import ItkError, check, mfa_view, rand_id
from itk_tokens import digest

V2 = "/identitytoolkit.googleapis.com/v2/accounts/"
LIFETIME = 600
MAX_CODE_ATTEMPTS = 5
MAX_FACTORS = 5
FIELDS = {
    "mfaEnrollment:start": {"idToken", "phoneEnrollmentInfo", "tenantId", "totpEnrollmentInfo"},
    "mfaEnrollment:finalize": {"displayName", "idToken", "phoneVerificationInfo", "tenantId",
                               "totpVerificationInfo"},
    "mfaEnrollment:withdraw": {"idToken", "mfaEnrollmentId", "tenantId"},
    "mfaSignIn:finalize": {"mfaEnrollmentId", "mfaPendingCredential", "phoneVerificationInfo",
                           "tenantId", "totpVerificationInfo"},
}


def iso(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds") \
        .replace("+00:00", "Z")


def factors(user):
    return user.mfa


def mfa_info(user):
    return [mfa_view(factor) for factor in user.mfa]


def pending(project):
    if not hasattr(project, "mfa_pending"):
        project.mfa_pending, project.totp_sessions = {}, {}
    return project.mfa_pending


def matching_step(secret, code, now, last):
    """The step `code` belongs to, within one step of `now` and after `last`; None otherwise."""
    totp = pyotp.TOTP(secret)
    step = int(now // totp.interval)
    for candidate in (step - 1, step, step + 1):
        if secrets.compare_digest(totp.at(candidate * totp.interval), str(code)) and \
                (last is None or candidate > last):
            return candidate
    return None


def first_factor(ops, project, user, provider, now, linking=False):
    """The tokens of a first factor, or production's mfaPendingCredential + mfaInfo."""
    if linking or not factors(user):
        return ops.issue(project, user, provider, now)
    token = "AMf-vB" + secrets.token_urlsafe(60)
    pending(project)[digest(token)] = {"user": user, "provider": provider, "authTime": now,
                                       "expires": now + LIFETIME, "failures": 0}
    return {"mfaPendingCredential": token, "mfaInfo": mfa_info(user)}


class MfaOps:
    def __init__(self, ops):
        self.ops = ops

    def start(self, project, body):
        check(body.get("idToken"), "MISSING_ID_TOKEN")
        check(isinstance(body.get("totpEnrollmentInfo"), dict), "INVALID_ARGUMENT")
        _, user, claims = self.ops.parse_id_token(project, body["idToken"], body)
        check(user.email_verified,
              "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
        self.ops.require_recent_login(project, claims)
        check(len(factors(user)) < MAX_FACTORS, "SECOND_FACTOR_LIMIT_EXCEEDED")
        now = project.now()
        secret, session = pyotp.random_base32(32), "AMf-vB" + secrets.token_urlsafe(40)
        pending(project)
        project.totp_sessions[digest(session)] = {"user": user, "secret": secret,
                                                  "expires": now + LIFETIME}
        return {"totpSessionInfo": {"sharedSecretKey": secret, "verificationCodeLength": 6,
                                    "hashingAlgorithm": "SHA1", "periodSec": 30,
                                    "sessionInfo": session,
                                    "finalizeEnrollmentTime": iso(now + LIFETIME)}}

    def finalize(self, project, body):
        check(body.get("idToken"), "MISSING_ID_TOKEN")
        info = body.get("totpVerificationInfo") or {}
        check(info.get("sessionInfo"), "MISSING_SESSION_INFO")
        check(info.get("verificationCode"), "MISSING_CODE")
        _, user, claims = self.ops.parse_id_token(project, body["idToken"], body)
        pending(project)
        now = project.now()
        session = project.totp_sessions.get(digest(info["sessionInfo"]))
        check(session and session["user"] is user and session["expires"] > now,
              "INVALID_SESSION_INFO")
        step = matching_step(session["secret"], info["verificationCode"], now, None)
        check(step is not None, "INVALID_CODE")
        del project.totp_sessions[digest(info["sessionInfo"])]
        factors(user).append({"id": rand_id(28), "displayName": body.get("displayName"),
                              "enrolledAt": now, "secret": session["secret"], "last": step})
        return self.renewed(project, user, claims)

    def withdraw(self, project, body):
        check(body.get("idToken"), "MISSING_ID_TOKEN")
        check(body.get("mfaEnrollmentId"), "MISSING_MFA_ENROLLMENT_ID")
        _, user, claims = self.ops.parse_id_token(project, body["idToken"], body)
        kept = [f for f in factors(user) if f["id"] != body["mfaEnrollmentId"]]
        check(len(kept) < len(factors(user)), "MFA_ENROLLMENT_NOT_FOUND")
        user.mfa = kept
        user.revoke_tokens(project.now())
        return self.renewed(project, user, claims)

    def sign_in(self, project, body):
        check(body.get("mfaPendingCredential"), "MISSING_MFA_PENDING_CREDENTIAL")
        check(body.get("mfaEnrollmentId"), "MISSING_MFA_ENROLLMENT_ID")
        now = project.now()
        key = digest(body["mfaPendingCredential"])
        record = pending(project).get(key)
        check(record and record["expires"] > now, "INVALID_MFA_PENDING_CREDENTIAL")
        user = record["user"]
        check(not user.disabled, "USER_DISABLED")
        factor = next((f for f in factors(user) if f["id"] == body["mfaEnrollmentId"]), None)
        check(factor, "MFA_ENROLLMENT_NOT_FOUND")
        code = (body.get("totpVerificationInfo") or {}).get("verificationCode")
        check(code, "MISSING_CODE")
        step = matching_step(factor["secret"], code, now, factor["last"])
        if step is None:
            record["failures"] += 1
            if record["failures"] >= MAX_CODE_ATTEMPTS:
                del project.mfa_pending[key]
            raise ItkError("INVALID_CODE")
        del project.mfa_pending[key]
        factor["last"] = step
        tokens = self.ops.issue(project, user, record["provider"], record["authTime"])
        return {"idToken": tokens["idToken"], "refreshToken": tokens["refreshToken"]}

    def renewed(self, project, user, claims):
        provider = claims.get("firebase", {}).get("sign_in_provider", "password")
        tokens = self.ops.issue(project, user, provider, claims.get("auth_time", project.now()))
        return {"idToken": tokens["idToken"], "refreshToken": tokens["refreshToken"]}

    def handlers(self):
        return {"mfaEnrollment:start": self.start, "mfaEnrollment:finalize": self.finalize,
                "mfaEnrollment:withdraw": self.withdraw, "mfaSignIn:finalize": self.sign_in}


def add_mfa_routes(app, srv):
    """The v2 routes (through the server's dispatch, faults and log) and the control routes."""

    @app.post(V2 + "<op>")
    @app.post("/v2/accounts/<op>")
    def mfa(op):
        if op not in FIELDS:
            return json_response({"error": {"code": 404, "message": "Not Found"}}, 404)
        return srv.handle(op)

    def user_of(project_id, local_id):
        with srv.ops.lock:
            project = srv.projects.get(project_id)
            for ns in (project.namespaces.values() if project else []):
                if local_id in ns.users:
                    return project, ns.users[local_id]
        abort(json_response({"error": "no such project or user"}, 404))

    @app.post("/_test/projects/<project_id>/users/<local_id>/totp")
    def enroll(project_id, local_id):
        project, user = user_of(project_id, local_id)
        body = request.get_json(silent=True) or {}
        with srv.ops.lock:
            factor = {"id": rand_id(28), "displayName": body.get("displayName"),
                      "enrolledAt": project.now(), "secret": pyotp.random_base32(32), "last": None}
            factors(user).append(factor)
        return json_response({"mfaEnrollmentId": factor["id"], "secret": factor["secret"]})

    @app.get("/_test/projects/<project_id>/users/<local_id>/totp")
    def code(project_id, local_id):
        project, user = user_of(project_id, local_id)
        with srv.ops.lock:
            if not factors(user):
                return json_response({"error": "no factor"}, 404)
            totp = pyotp.TOTP(factors(user)[-1]["secret"])
            ahead = int(request.args.get("ahead", "0"))
            return json_response({"code": totp.at(project.now() + ahead * totp.interval)})

    @app.post("/_test/projects/<project_id>/authenticator")
    def authenticator(project_id):
        """pyotp as the user's authenticator app: {"uri": otpauth URI, "ahead": N} -> {"code"} at
        the project's clock."""
        with srv.ops.lock:
            project = srv.projects.get(project_id)
        body = request.get_json(silent=True) or {}
        if not project or not isinstance(body.get("uri"), str):
            return json_response({"error": "no such project, or no uri"}, 404)
        totp = pyotp.parse_uri(body["uri"])
        return json_response({"code": totp.at(project.now() + int(body.get("ahead", 0)) * totp.interval)})
