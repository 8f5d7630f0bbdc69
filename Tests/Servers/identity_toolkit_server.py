"""Identity Toolkit test server: Firebase Authentication's REST API v1 in the Auth Emulator layout.

It follows the Firebase Auth Emulator (firebase/firebase-tools `src/emulator/auth/`), which is
the reference implementation, and production where the two differ (README.md lists both).

Endpoints (emulator URL form, or the same paths without the host segment):
  POST /identitytoolkit.googleapis.com/v1/accounts:<op>   signInWithIdp (itk_signin_idp),
       signUp, signInWithPassword, lookup, update, delete, createAuthUri (itk_ops)
  POST /securetoken.googleapis.com/v1/token               refresh; form or JSON
  API key: `?key=` or `x-goog-api-key`; it selects the project.
  GET  /_test/jwks, /robot/v1/metadata/jwk/securetoken@system.gserviceaccount.com,
       /service_accounts/v1/jwk/securetoken@system.gserviceaccount.com (also under
       /www.googleapis.com)                               the ID tokens' public key
Emulator admin (unauthenticated, as in the emulator):
  DELETE /emulator/v1/projects/<id>[/tenants/<t>]/accounts
  GET|PATCH /emulator/v1/projects/<id>/config   signIn.allowDuplicateEmails,
                                                emailPrivacyConfig.enableImprovedEmailPrivacy
Control (tests only):
  POST /_test/projects                    -> {"project_id", "api_key", "project_number"}
  POST /_test/projects/<id>/clock         {"advance": seconds}
  POST /_test/projects/<id>/users/<localId>/disable   {"disabled": true|false}
  POST /_test/projects/<id>/fault         {"op", "status": 500|503, "count"}
  GET  /_test/projects/<id>/log           requests received (names and flags, no secrets)
  GET  /_test/projects/<id>/accounts      every account, in accounts:lookup form
"""

import json
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import Flask, abort, request

from common import json_response
from itk_accounts import ItkError, Project
import itk_signin_idp
from itk_ops import Ops
from itk_tokens import SECURETOKEN_ACCOUNT

V1 = "/identitytoolkit.googleapis.com/v1/accounts:"
TOKEN = "/securetoken.googleapis.com/v1/token"
# Request fields per operation: the v1 discovery schema, as in the emulator's `schema.ts`
# (plus `returnSecureToken` on signUp, which the SDKs send). Production's API front end rejects
# other names: `Invalid JSON payload received. Unknown name "x": Cannot find field.`
FIELDS = {
    "signInWithIdp": "autoCreate delegatedProjectNumber idToken pendingIdToken pendingToken "
                     "postBody requestUri returnIdpCredential returnRefreshToken "
                     "returnSecureToken sessionId tenantId",
    "signUp": "captchaChallenge captchaResponse clientType disabled displayName email "
              "emailVerified idToken instanceId localId mfaInfo password phoneNumber photoUrl "
              "recaptchaVersion returnSecureToken targetProjectId tenantId",
    "signInWithPassword": "captchaChallenge captchaResponse clientType delegatedProjectNumber "
                          "email idToken instanceId password pendingIdToken recaptchaVersion "
                          "returnSecureToken tenantId",
    "lookup": "delegatedProjectNumber email federatedUserId idToken initialEmail localId "
              "phoneNumber targetProjectId tenantId",
    "update": "captchaChallenge captchaResponse createdAt customAttributes "
              "delegatedProjectNumber deleteAttribute deleteProvider disableUser displayName "
              "email emailVerified idToken instanceId lastLoginAt linkProviderUserInfo localId "
              "mfa oobCode password phoneNumber photoUrl provider returnSecureToken "
              "targetProjectId tenantId upgradeToFederatedLogin validSince deletePasskey",
    "delete": "delegatedProjectNumber idToken localId targetProjectId tenantId",
    "createAuthUri": "appId authFlowType context continueUri customParameter hostedDomain "
                     "identifier oauthConsumerKey oauthScope openidRealm otaApp providerId "
                     "sessionId tenantId",
    "token": "code grantType grant_type refreshToken refresh_token",
}
FIELDS = {op: set(names.split()) for op, names in FIELDS.items()}
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


def redacted_uri(uri):
    """requestUri for the log: parameter values (credentials may ride there) replaced."""
    if not isinstance(uri, str):
        return None
    parts = urlsplit(uri)
    hide = (lambda text: urlencode([(k, "REDACTED") for k, _ in parse_qsl(text, True)]))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, hide(parts.query),
                       hide(parts.fragment)))


class Server:
    def __init__(self):
        self.ops = Ops()
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

    def parse_body(self, op):
        if op == "token" and request.mimetype == "application/x-www-form-urlencoded":
            return request.form.to_dict()
        try:
            body = json.loads(request.get_data(as_text=True) or "{}")
        except ValueError as exc:
            raise ItkError(f"Invalid JSON payload received. {exc}", 400,
                           {"status": "INVALID_ARGUMENT", "reason": "parseError"}) from None
        if not isinstance(body, dict):
            raise ItkError("Invalid JSON payload received. Expected an object.", 400,
                           {"status": "INVALID_ARGUMENT"})
        unknown = sorted(set(body) - FIELDS[op])
        if unknown:
            raise ItkError(f'Invalid JSON payload received. Unknown name "{unknown[0]}": '
                           "Cannot find field.", 400, {"status": "INVALID_ARGUMENT"})
        return body

    def log_entry(self, op, body):
        entry = {"op": op, "method": request.method, "path": request.path,
                 "path_form": "emulator" if request.path.startswith(
                     ("/identitytoolkit.googleapis.com/", "/securetoken.googleapis.com/"))
                 else "bare",
                 "key_via": "query" if request.args.get("key") else "header",
                 "content_type": request.mimetype, "fields": sorted(body)}
        if op == "signInWithIdp":
            post = dict(parse_qsl(body.get("postBody") or "", keep_blank_values=True))
            uri = body.get("requestUri")
            entry.update(post_body_fields=sorted(post), provider_id=post.get("providerId"),
                         request_uri=redacted_uri(uri),
                         request_uri_fields=sorted(dict(parse_qsl(urlsplit(uri).query)))
                         if isinstance(uri, str) else [],
                         return_idp_credential=body.get("returnIdpCredential"),
                         return_secure_token=body.get("returnSecureToken"),
                         auto_create=body.get("autoCreate"),
                         has_pending_token=bool(body.get("pendingToken")))
        if op != "token":
            entry.update(has_id_token=bool(body.get("idToken")), tenant_id=body.get("tenantId"))
        return entry

    def handle(self, op):
        project, err = self.project_for_key()
        if err:
            return err
        entry = {"op": op, "path": request.path}
        try:
            with self.ops.lock:
                fault = project.take_fault(op)
            if fault:
                entry = self.log_entry(op, {})
                message, status = FAULT_BODIES[fault]
                entry.update(status=fault, result="fault")
                return error_body(message, fault, {"status": status, "reason": "backendError"})
            body = self.parse_body(op)
            entry = self.log_entry(op, body)
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
        handler = {"signUp": ops.sign_up, "signInWithPassword": ops.sign_in_with_password,
                   "lookup": ops.lookup, "update": ops.update, "delete": ops.delete,
                   "createAuthUri": ops.create_auth_uri, "token": ops.grant_token}[op]
        with ops.lock:
            return handler(project, body)


def create_app():
    """The Flask app of the Identity Toolkit test server."""
    app = Flask("identitytoolkit")
    srv = Server()

    def find(project_id):
        with srv.ops.lock:
            project = srv.projects.get(project_id)
        if not project:
            abort(json_response({"error": "no such project"}, 404))
        return project

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

    @app.post("/_test/projects")
    def create_project():
        body = request.get_json(silent=True) or {}
        try:
            project = Project(body if isinstance(body, dict) else {})
        except (ValueError, TypeError, AttributeError) as exc:
            return json_response({"error": str(exc)}, 400)
        with srv.ops.lock:
            srv.projects[project.project_id] = project
            srv.by_key[project.api_key] = project
        out = {"project_id": project.project_id, "api_key": project.api_key,
               "project_number": project.project_number}
        if len(project.namespaces) > 1:
            out["tenants"] = [t for t in project.namespaces if t]
        return json_response(out)

    @app.post("/_test/projects/<project_id>/clock")
    def clock(project_id):
        project = find(project_id)
        body = request.get_json(silent=True) or {}
        with srv.ops.lock:
            project.clock.advance(body.get("advance", 0))
            return json_response({"now": project.now()})

    @app.post("/_test/projects/<project_id>/users/<local_id>/disable")
    def disable(project_id, local_id):
        project = find(project_id)
        body = request.get_json(silent=True) or {}
        with srv.ops.lock:
            for ns in project.namespaces.values():
                if local_id in ns.users:
                    ns.users[local_id].disabled = bool(body.get("disabled", True))
                    return json_response({"localId": local_id,
                                          "disabled": ns.users[local_id].disabled})
        return json_response({"error": "no such user"}, 404)

    @app.post("/_test/projects/<project_id>/fault")
    def fault(project_id):
        project = find(project_id)
        body = request.get_json(silent=True) or {}
        op, status = body.get("op"), body.get("status", 503)
        count = body.get("count", 1)
        if op not in FIELDS or status not in FAULT_BODIES or not isinstance(count, int):
            return json_response({"error": "op must be an operation or 'token', status 500 or "
                                           "503, count an integer"}, 400)
        with srv.ops.lock:
            project.faults[op] = [status, count]
        return json_response({"op": op, "status": status, "count": count})

    @app.get("/_test/projects/<project_id>/log")
    def log(project_id):
        project = find(project_id)
        with srv.ops.lock:
            return json_response({"requests": list(project.log)})

    @app.get("/_test/projects/<project_id>/accounts")
    def accounts_dump(project_id):
        project = find(project_id)
        with srv.ops.lock:
            return json_response({"accounts": [u.lookup_view() for ns in
                                               project.namespaces.values()
                                               for u in ns.users.values()]})

    @app.delete("/emulator/v1/projects/<project_id>/accounts")
    @app.delete("/emulator/v1/projects/<project_id>/tenants/<tenant_id>/accounts")
    def delete_all(project_id, tenant_id=None):
        """Emulator `deleteAllAccountsInProject` (misc.spec.ts "should drop all accounts on
        DELETE /emulator/v1/projects/{PROJECT_ID}/accounts")."""
        project = find(project_id)
        with srv.ops.lock:
            ns = project.namespaces.get(tenant_id)
            if ns is None:
                return error_body("TENANT_NOT_FOUND")
            ns.users.clear()
        return json_response({})

    @app.route("/emulator/v1/projects/<project_id>/config", methods=["GET", "PATCH"])
    def config(project_id):
        """Emulator `getEmulatorProjectConfig` / `updateEmulatorProjectConfig` (misc.spec.ts
        "should only update allowDuplicateEmails on PATCH ..." and the two others)."""
        project = find(project_id)
        body = (request.get_json(silent=True) or {}) if request.method == "PATCH" else {}
        with srv.ops.lock:
            dup = (body.get("signIn") or {}).get("allowDuplicateEmails")
            private = (body.get("emailPrivacyConfig") or {}).get("enableImprovedEmailPrivacy")
            if dup is not None:
                project.allow_duplicate_emails = bool(dup)
            if private is not None:
                project.enumeration_protection = bool(private)
            return json_response(project.config_view())

    return app
