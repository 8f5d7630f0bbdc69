"""Control and emulator admin routes of the Identity Toolkit test server.

Control (tests only): create a project, advance its clock, disable a user, inject faults, read
the request log and every account. Emulator admin (unauthenticated, as in the emulator): delete
all accounts of a project or tenant, read and change the project's config. The routes are listed
in identity_toolkit_server.py's docstring.
"""

from flask import abort, request

from common import json_response
from itk_accounts import Project
from itk_errors import FAULT_BODIES, error_body
from itk_requests import FIELDS


def add_control_routes(app, srv):
    """Add the control and emulator admin routes for the projects of `srv`."""

    def find(project_id):
        with srv.ops.lock:
            project = srv.projects.get(project_id)
        if not project:
            abort(json_response({"error": "no such project"}, 404))
        return project

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
