"""OAuth 2.0 Device Authorization Grant (RFC 8628) shared by the GitHub-like and OIDC servers.

Authlib (`authlib.oauth2.rfc8628`) does the protocol; the device_*.py modules supply its storage
hooks and the parts Authlib leaves out, and this module re-exports them so the servers import
everything from `device`:

* device_store.py -- `DeviceCredential` (`DeviceCredentialMixin` with the client's interval,
                     expiry, forced slow_downs and the user's decision), `DeviceStore`
                     (credentials by device code and by normalised user code, one lock; the
                     interval check behind `slow_down`; single use; the per-client poll log),
                     `client_settings` / `DEFAULTS`, `normalise_user_code`, `device_now` (a
                     client's device clock).
* device_grant.py -- `make_device_endpoint` / `make_device_grant`: Authlib's
                     `DeviceAuthorizationEndpoint` and `DeviceCodeGrant` bound to a store. RFC
                     flavour by default (`invalid_grant` for an unknown, used or foreign device
                     code); the GitHub-like server overrides the errors and auth method. Also
                     `authenticate_client_id`, `is_device_poll`, `new_hex_device_code`.
* device_page.py  -- `add_device_routes`: the user's page (enter the code, Approve / Deny) and the
                     control endpoints `POST /_test/device` and `POST /_test/device/clock`.

What Authlib 1.9 does not do, and is done here: it never deletes a device credential (an approved
code would mint a token on every poll), it has no interval bookkeeping (`should_slow_down` is
ours), it checks the requested scope only against a server-wide list (checked per client here),
and it answers an unknown `device_code` with `invalid_request` (RFC 6749 5.2 says `invalid_grant`).
"""

from device_grant import (authenticate_client_id, is_device_poll,  # noqa: F401
                          make_device_endpoint, make_device_grant, new_hex_device_code)
from device_page import PAGE, add_device_routes  # noqa: F401
from device_store import (DEFAULTS, DeviceCredential, DeviceStore,  # noqa: F401
                          client_settings, device_now, normalise_user_code)
