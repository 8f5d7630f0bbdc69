"""Control routes of the OpenID Connect test provider (tests only).

`POST /_test/tenants` creates a tenant; `GET /_test/tenants/<tid>/stats` and `/log` return its
fetch counters and device log; `GET /_test/avatar/<sub>.png` serves the users' picture.
"""

from flask import g, request

from common import avatar_response, json_body, json_response
from oidc_tenants import STATS_LOCK, Tenant


def add_control_routes(app, store, tenants, devices):
    """Add the control routes; new tenants go to `tenants` and their clients to `store`."""

    @app.post("/_test/tenants")
    def create_tenant():
        try:
            tenant = Tenant(json_body(), request.host_url)
        except (ValueError, TypeError) as exc:
            return json_response({"error": str(exc)}, 400)
        tenants[tenant.tid] = tenant
        store.add_client(tenant.client)
        return json_response({"issuer": tenant.issuer, "tenant": tenant.tid,
                              "client_id": tenant.client.client_id,
                              "client_secret": tenant.client.client_secret})

    @app.get("/_test/tenants/<tid>/stats")
    def stats(tid):
        with STATS_LOCK:
            return json_response(dict(g.tenant.stats))

    @app.get("/_test/tenants/<tid>/log")
    def tenant_log(tid):
        with devices.lock:
            return json_response({"device": list(g.tenant.client.device_log)})

    @app.get("/_test/avatar/<sub>.png")
    def avatar(sub):
        return avatar_response()
