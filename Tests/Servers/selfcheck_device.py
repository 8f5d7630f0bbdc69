"""Self-check of the device authorization grant (RFC 8628) on the GitHub-like and OIDC servers.
Run by selfcheck_github.py and selfcheck_oidc.py.

The checks live in selfcheck_device_github.py and selfcheck_device_oidc.py (shared helpers in
selfcheck_device_support.py); this module keeps the entry points run_github and run_oidc."""

from selfcheck_device_github import run_github  # noqa: F401
from selfcheck_device_oidc import run_oidc  # noqa: F401
