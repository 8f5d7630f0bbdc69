"""Projects, tenants and user accounts of the Identity Toolkit test server.

A `Project` is what `POST /_test/projects` creates: its API key, configuration (enabled
providers, password sign-in, email-enumeration protection, duplicate emails, password lockout),
test clock, fault counters, request log and one `Namespace` of accounts per tenant (`None` is
the project itself). State changes happen under the server's single lock; linear scans keep
the indexes of the emulator's `state.ts` (`getUserByEmail`, `getUserByProviderRawId`,
`getUsersByEmailOrProviderEmail`) trivially consistent.
"""

import hashlib
import secrets
import string
from datetime import datetime, timezone

from itk_tokens import Clock

PASSWORD = "password"
PASSWORD_MIN_LENGTH = 6  # emulator `PASSWORD_MIN_LENGTH`; production's default too
REDACTED_HASH = "UkVEQUNURUQ="  # production redacts passwordHash to base64("REDACTED")
PROVIDER_TYPES = ("github.com", "twitter.com")  # plus any "oidc.<name>"
LOCKOUT_SECONDS = 3600


class ItkError(Exception):
    """An Identity Toolkit error: HTTP 400 `{"error": {"message": code, ...}}` by default."""

    def __init__(self, code, status=400, extra=None):
        super().__init__(code)
        self.code = code
        self.status = status
        self.extra = extra or {}


def check(condition, code):
    """The emulator's `assert(condition, message)` (`errors.ts`)."""
    if not condition:
        raise ItkError(code)


def rand_id(length, alphabet=string.ascii_letters + string.digits):
    return "".join(secrets.choice(alphabet) for _ in range(length))


def ms(now):
    return str(int(now * 1000))


class User:
    def __init__(self, local_id, now, tenant_id=None):
        self.local_id = local_id
        self.tenant_id = tenant_id
        self.email = None
        self.email_verified = False
        self.display_name = None
        self.photo_url = None
        self.screen_name = None
        self.password_hash = None
        self.salt = None
        self.password_updated_at = None
        self.revoked_at = now  # tokens issued before this are revoked (itk_tokens)
        self.disabled = False
        self.created_at = ms(now)
        self.last_login_at = ms(now)
        self.last_refresh_at = None
        self.providers = {}  # providerId -> providerUserInfo (IdPs only; password is derived)
        self.failed_logins = 0
        self.locked_until = 0.0
        self.mfa = []  # TOTP second factors (itk_mfa)

    def set_password(self, password, now):
        self.salt = secrets.token_hex(8)
        self.password_hash = hash_password(password, self.salt)
        self.password_updated_at = int(now * 1000)
        self.failed_logins = 0
        self.locked_until = 0.0

    def password_matches(self, password):
        return bool(self.password_hash) and secrets.compare_digest(
            self.password_hash, hash_password(password, self.salt))

    def revoke_tokens(self, now):
        """A credential change: every token issued so far stops working (emulator: validSince)."""
        self.revoked_at = now

    def clear_password(self):
        self.password_hash = self.salt = self.password_updated_at = None

    def provider_user_info(self):
        """`providerUserInfo[]` as `accounts:lookup` shows it; the password entry (providerId
        "password", rawId = email) is derived as in `state.ts` `updateUserByLocalId`."""
        infos = [dict(info) for info in self.providers.values()]
        if self.email and self.password_hash:
            infos.append(drop_none({"providerId": PASSWORD, "rawId": self.email,
                                    "federatedId": self.email, "email": self.email,
                                    "displayName": self.display_name,
                                    "photoUrl": self.photo_url}))
        return infos

    def provider_ids(self):
        return [info["providerId"] for info in self.provider_user_info()]

    def lookup_view(self):
        """One entry of `accounts:lookup`'s `users[]` (production redacts the hash, no salt)."""
        view = {
            "localId": self.local_id, "email": self.email, "emailVerified": self.email_verified,
            "displayName": self.display_name, "photoUrl": self.photo_url,
            "providerUserInfo": self.provider_user_info(),
            "passwordHash": REDACTED_HASH if self.password_hash else None,
            "passwordUpdatedAt": self.password_updated_at,
            "validSince": str(int(self.revoked_at)), "disabled": True if self.disabled else None,
            "lastLoginAt": self.last_login_at, "createdAt": self.created_at,
            "lastRefreshAt": self.last_refresh_at, "tenantId": self.tenant_id,
            "mfaInfo": [mfa_view(factor) for factor in self.mfa] or None,
        }
        if not view["email"]:
            view.pop("emailVerified")
        return drop_none(view)


def mfa_view(factor):
    """One entry of `mfaInfo[]` (production's MfaEnrollment for TOTP)."""
    enrolled = datetime.fromtimestamp(factor["enrolledAt"], timezone.utc)
    return drop_none({"mfaEnrollmentId": factor["id"], "displayName": factor.get("displayName"),
                      "enrolledAt": enrolled.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                      "totpInfo": {}})


def hash_password(password, salt):
    return hashlib.sha256((salt + ":" + password).encode()).hexdigest()


def drop_none(obj):
    return {k: v for k, v in obj.items() if v is not None}


def iso(now):
    return datetime.fromtimestamp(now, timezone.utc).isoformat(timespec="milliseconds") \
        .replace("+00:00", "Z")


class Namespace:
    """The accounts of a project or of one of its tenants."""

    def __init__(self, tenant_id=None):
        self.tenant_id = tenant_id
        self.users = {}  # localId -> User

    def create(self, now):
        while True:
            local_id = rand_id(28)
            if local_id not in self.users:
                break
        user = User(local_id, now, self.tenant_id)
        self.users[local_id] = user
        return user

    def by_email(self, email):
        """The user whose top-level email this is (emulator `getUserByEmail`)."""
        return next((u for u in self.users.values() if email and u.email == email), None)

    def by_provider(self, provider_id, raw_id):
        """Emulator `getUserByProviderRawId`."""
        return next((u for u in self.users.values()
                     if u.providers.get(provider_id, {}).get("rawId") == raw_id), None)

    def by_email_or_provider_email(self, email):
        """Emulator `getUsersByEmailOrProviderEmail`: the top-level owner first."""
        found = [u for u in self.users.values() if u.email == email]
        found += [u for u in self.users.values() if u not in found
                  and any(i.get("email") == email for i in u.providers.values())]
        return found


class Project:
    """One isolated Firebase project of the test server."""

    def __init__(self, body):
        self.project_id = "itk-" + rand_id(10, string.ascii_lowercase + string.digits)
        self.api_key = "AIza" + rand_id(35, string.ascii_letters + string.digits + "-_")
        self.project_number = str(secrets.randbelow(9 * 10**11) + 10**11)
        self.providers = parse_providers(body.get("providers") or {})
        self.password_enabled = bool(body.get("password_enabled", True))
        self.anonymous_enabled = bool(body.get("anonymous_enabled", False))
        self.enumeration_protection = bool(body.get("enumeration_protection", False))
        self.allow_duplicate_emails = bool(body.get("allow_duplicate_emails", False))
        self.sign_in_expires_in = int(body.get("sign_in_expires_in", 3600))  # refreshes: 3600
        attempts = body.get("max_password_attempts")
        if attempts is not None and (not isinstance(attempts, int) or attempts < 1):
            raise ValueError("max_password_attempts must be a positive integer")
        self.max_password_attempts = attempts
        tenants = body.get("tenants") or []
        if not isinstance(tenants, list) or not all(isinstance(t, str) and t for t in tenants):
            raise ValueError("tenants must be a list of tenant ids")
        self.namespaces = {None: Namespace()}
        for tenant_id in tenants:
            self.namespaces[tenant_id] = Namespace(tenant_id)
        self.clock = Clock()
        self.refresh = {}   # refresh token -> RefreshRecord
        self.issued = {}    # digest of an ID token -> when it was issued (itk_tokens)
        self.pending = {}   # pendingToken -> (expires_at, providerId, IdP identity)
        self.faults = {}    # op -> [status, remaining count]
        self.log = []

    def now(self):
        return self.clock.now()

    def namespace(self, tenant_id):
        """The accounts for `tenantId` (absent/empty: the project's own)."""
        tenant_id = tenant_id or None
        if tenant_id not in self.namespaces:
            raise ItkError("TENANT_NOT_FOUND")
        return self.namespaces[tenant_id]

    def config_view(self):
        """`GET /emulator/v1/projects/{id}/config` (emulator `getEmulatorProjectConfig`)."""
        return {"signIn": {"allowDuplicateEmails": self.allow_duplicate_emails},
                "emailPrivacyConfig": {"enableImprovedEmailPrivacy":
                                       self.enumeration_protection}}

    def take_fault(self, op):
        """If a fault is armed for `op`, use one and return its HTTP status."""
        fault = self.faults.get(op)
        if not fault or fault[1] <= 0:
            return None
        fault[1] -= 1
        return fault[0]


def parse_providers(raw):
    """`providers` of POST /_test/projects: github.com, twitter.com and oidc.<name> entries."""
    if not isinstance(raw, dict):
        raise ValueError("providers must be an object")
    out = {}
    for provider_id, cfg in raw.items():
        cfg = dict(cfg or {})
        if provider_id == "github.com":
            cfg.setdefault("base_url", "https://api.github.com")
        elif provider_id == "twitter.com":
            if not cfg.get("consumer_key") or not cfg.get("consumer_secret"):
                raise ValueError("twitter.com needs consumer_key and consumer_secret")
            cfg.setdefault("base_url", "https://api.twitter.com")
        elif provider_id.startswith("oidc.") and len(provider_id) > 5:
            if not cfg.get("issuer") or not cfg.get("client_id"):
                raise ValueError(f"{provider_id} needs issuer and client_id")
        else:
            raise ValueError(f"unsupported provider {provider_id!r}")
        if "base_url" in cfg:
            cfg["base_url"] = cfg["base_url"].rstrip("/")
        out[provider_id] = cfg
    return out


def known_provider_type(provider_id):
    return provider_id in PROVIDER_TYPES or provider_id.startswith("oidc.") or \
        provider_id in ("google.com", "facebook.com", "apple.com", "microsoft.com",
                        "yahoo.com", "playgames.google.com", "gc.apple.com") or \
        provider_id.startswith("saml.")
