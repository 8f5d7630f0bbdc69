"""Identity Toolkit test server: Firebase Authentication's REST API v1 in the Auth Emulator layout.

It follows the Firebase Auth Emulator (firebase/firebase-tools `src/emulator/auth/`), which is
the reference implementation, and production where the two differ (README.md lists both).

Endpoints (emulator URL form, or the same paths without the host segment):
  POST /identitytoolkit.googleapis.com/v1/accounts:<op>   signInWithIdp (itk_signin_idp),
       signUp, signInWithPassword, lookup, update, delete, createAuthUri (itk_ops),
       signInWithCustomToken (itk_custom_token), sendOobCode, resetPassword (itk_oob)
  POST /securetoken.googleapis.com/v1/token               refresh; form or JSON
  POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start|finalize|withdraw,
       …/v2/accounts/mfaSignIn:finalize                   the TOTP second factor (itk_mfa)
  API key: `?key=` or `x-goog-api-key`; it selects the project.
  GET  /_test/jwks, /robot/v1/metadata/jwk/securetoken@system.gserviceaccount.com,
       /service_accounts/v1/jwk/securetoken@system.gserviceaccount.com (also under
       /www.googleapis.com)                               the ID tokens' public key
Emulator admin (unauthenticated, as in the emulator):
  DELETE /emulator/v1/projects/<id>[/tenants/<t>]/accounts
  GET|PATCH /emulator/v1/projects/<id>/config   signIn.allowDuplicateEmails,
                                                emailPrivacyConfig.enableImprovedEmailPrivacy
  GET /emulator/v1/projects/<id>/oobCodes       the codes it would have emailed (itk_oob)
Control (tests only):
  POST /_test/projects                    -> {"project_id", "api_key", "project_number"}
  POST /_test/projects/<id>/clock         {"advance": seconds}
  POST /_test/projects/<id>/users/<localId>/disable   {"disabled": true|false}
  POST /_test/projects/<id>/fault         {"op", "status": 500|503, "count"}
  GET  /_test/projects/<id>/log           requests received (names and flags, no secrets)
  GET  /_test/projects/<id>/accounts      every account, in accounts:lookup form
  POST /_test/projects/<id>/custom_token  a custom token as a backend mints it (itk_custom_token)
  POST /_test/projects/<id>/oob/expire    every oob code expires (itk_oob)

Files: identity_toolkit_server.py (routes, API key, dispatch, faults), itk_requests.py (field
schema, request log), itk_errors.py (error bodies), itk_control.py (control, emulator admin).
"""

from flask import Flask, abort, request

from common import json_response
from itk_accounts import ItkError
from itk_control import add_control_routes
import itk_custom_token
import itk_oob
from itk_errors import FAULT_BODIES, error_body, key_invalid
from itk_mfa import MfaOps, add_mfa_routes
from itk_requests import FIELDS, log_entry, parse_body
import itk_signin_idp
from itk_ops import Ops
from itk_tokens import SECURETOKEN_ACCOUNT

V1 = "/identitytoolkit.googleapis.com/v1/accounts:"
TOKEN = "/securetoken.googleapis.com/v1/token"


class Server:
    def __init__(self):
        self.ops = Ops()
        self.mfa = MfaOps(self.ops).handlers()
        self.projects = {}   # project_id -> Project
        self.by_key = {}     # api_key -> Project

    def project_for_key(self):
        """(project, None) from ?key= or x-goog-api-key, or (None, error response)."""
        key = request.args.get("key") or request.headers.get("x-goog-api-key")
        if not key:
            return None, error_body("The request is missing a valid API key.", 403,
                                    {"status": "PERMISSION_DENIED", "reason": "forbidden"})
        with self.ops.lock:
            project = self.by_key.get(key)
        return (project, None) if project else (None, key_invalid())

    def handle(self, op):
        project, err = self.project_for_key()
        if err:
            return err
        entry = {"op": op, "path": request.path}
        try:
            with self.ops.lock:
                fault = project.take_fault(op)
            if fault:
                entry = log_entry(op, {})
                message, status = FAULT_BODIES[fault]
                entry.update(status=fault, result="fault")
                return error_body(message, fault, {"status": status, "reason": "backendError"})
            body = parse_body(op)
            entry = log_entry(op, body)
            out = self.run(op, project, body)
            entry.update(status=200, result=out.get("errorMessage") or (
                "needConfirmation" if out.get("needConfirmation") else "ok"))
            return json_response(out)
        except ItkError as exc:
            entry.update(status=exc.status, result=exc.code.split(" : ")[0])
            return error_body(exc.code, exc.status, exc.extra)
        finally:
            with self.ops.lock:
                project.log.append(entry)

    def run(self, op, project, body):
        ops = self.ops
        if op == "signInWithIdp":
            for unsupported in ("returnRefreshToken", "pendingIdToken"):
                if body.get(unsupported):  # emulator: 501 as well
                    raise ItkError(f"{unsupported} is not implemented yet.", 501,
                                   {"status": "NOT_IMPLEMENTED", "reason": "unimplemented"})
            # The provider is asked outside the lock, so parallel tests don't wait on each other.
            identity, pending = itk_signin_idp.idp_identity(ops, project, body)
            with ops.lock:
                return itk_signin_idp.sign_in_with_idp(ops, project, body, identity, pending)
        if op == "update" and body.get("oobCode"):
            with ops.lock:
                return itk_oob.apply_oob_code(ops, project, body)
        extra = {"signInWithCustomToken": itk_custom_token.sign_in_with_custom_token,
                 "sendOobCode": itk_oob.send_oob_code, "resetPassword": itk_oob.reset_password}
        if op in extra:
            with ops.lock:
                return extra[op](ops, project, body)
        if op in self.mfa:
            with ops.lock:
                return self.mfa[op](project, body)
        handler = {"signUp": ops.sign_up, "signInWithPassword": ops.sign_in_with_password,
                   "lookup": ops.lookup, "update": ops.update, "delete": ops.delete,
                   "createAuthUri": ops.create_auth_uri, "token": ops.grant_token}[op]
        with ops.lock:
            return handler(project, body)


def create_app():
    """The Flask app of the Identity Toolkit test server."""
    app = Flask("identitytoolkit")
    srv = Server()

    @app.post(V1 + "<op>")
    @app.post("/v1/accounts:<op>")
    def accounts(op):
        if op not in FIELDS or op == "token":
            return error_body("Not Found", 404, {"status": "NOT_FOUND", "reason": "notFound"})
        return srv.handle(op)

    @app.post(TOKEN)
    @app.post("/v1/token")
    def token():
        return srv.handle("token")

    @app.get("/")
    def root():  # emulator: GET / -> {authEmulator: {ready: true}}
        return json_response({"authEmulator": {"ready": True}})

    jwk_paths = [f"/robot/v1/metadata/jwk/{SECURETOKEN_ACCOUNT}",
                 f"/service_accounts/v1/jwk/{SECURETOKEN_ACCOUNT}"]
    for path in ["/_test/jwks"] + jwk_paths + ["/www.googleapis.com" + p for p in jwk_paths]:
        app.add_url_rule(path, "jwks" + path, lambda: json_response(
            srv.ops.key.jwks(), headers={"Cache-Control": "public, max-age=3600"}))

    add_control_routes(app, srv)
    find = (lambda project_id: srv.projects.get(project_id) or abort(404))
    itk_custom_token.add_custom_token_routes(app, srv, find)
    itk_oob.add_oob_routes(app, srv, find)
    add_mfa_routes(app, srv)
    return app
