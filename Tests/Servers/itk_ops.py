"""The account operations of the Identity Toolkit test server (`accounts:*` except
signInWithIdp, which is in itk_signin_idp.py, and the token grant).

Each method mirrors the Firebase Auth Emulator function of firebase-tools
`src/emulator/auth/operations.ts` named in its docstring, except where production differs
(marked "Production:"). Callers hold `Ops.lock`.
"""

import re
import secrets
import threading
from urllib.parse import urlsplit

from itk_accounts import (PASSWORD, PASSWORD_MIN_LENGTH, LOCKOUT_SECONDS, ItkError, check,
                          drop_none, iso, ms)
from itk_mfa import first_factor
from itk_tokens import (ID_TOKEN_LIFETIME, RefreshRecord, SigningKey, TokenError,
                        decode_id_token, digest, mint_id_token, new_refresh_token)

RECENT_LOGIN_SECONDS = 300  # production: sensitive operations need auth_time within 5 minutes
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
WEAK_PASSWORD = f"WEAK_PASSWORD : Password should be at least {PASSWORD_MIN_LENGTH} characters"
TOO_MANY_ATTEMPTS = ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily "
                     "disabled due to many failed login attempts. You can immediately restore it "
                     "by resetting your password or you can try again later.")


def valid_email(email):
    check(isinstance(email, str) and EMAIL_RE.match(email), "INVALID_EMAIL")
    return email.lower()


class Ops:
    def __init__(self):
        self.lock = threading.RLock()
        self.key = SigningKey()

    # --- tokens ---------------------------------------------------------------------------

    def issue(self, project, user, provider, auth_time):
        """Emulator `issueTokens`: ID token (3600 s) and a refresh token for this session."""
        now = project.now()
        user.last_refresh_at = iso(now)
        refresh = new_refresh_token()
        project.refresh[refresh] = RefreshRecord(project.project_id, user.tenant_id,
                                                 user.local_id, provider, auth_time, now)
        id_token = self.mint(project, user, provider, auth_time, now)
        return {"idToken": id_token, "refreshToken": refresh,
                "expiresIn": str(project.sign_in_expires_in)}

    def mint(self, project, user, provider, auth_time, now):
        id_token = mint_id_token(self.key, project.project_id, user, provider, auth_time, now,
                                 user.tenant_id)
        project.issued[digest(id_token)] = now
        return id_token

    def parse_id_token(self, project, token, body):
        """Emulator `parseIdToken` plus signature and expiry checks (itk_tokens).

        The account namespace is the token's tenant; a `tenantId` in the request that differs
        gives TENANT_ID_MISMATCH (emulator rest.spec.ts "should deny requests where tenant IDs
        do not match in the ID token and request body"). Returns (namespace, user, claims)."""
        try:
            claims = decode_id_token(self.key, project.project_id, token, project.now())
        except TokenError as err:
            raise ItkError(err.code) from None
        tenant = claims.get("firebase", {}).get("tenant")
        check(not body.get("tenantId") or body["tenantId"] == tenant, "TENANT_ID_MISMATCH")
        ns = project.namespace(tenant)
        user = ns.users.get(claims["user_id"])
        check(user, "USER_NOT_FOUND")
        check(project.issued.get(digest(token), claims["iat"]) >= user.revoked_at,
              "TOKEN_EXPIRED")
        check(not user.disabled, "USER_DISABLED")
        return ns, user, claims

    @staticmethod
    def require_recent_login(project, claims):
        """Production: password/email changes, account deletion and linking need a sign-in
        within the last 5 minutes (the emulator never answers CREDENTIAL_TOO_OLD_LOGIN_AGAIN)."""
        check(project.now() - claims.get("auth_time", 0) <= RECENT_LOGIN_SECONDS,
              "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")

    # --- email / password -----------------------------------------------------------------

    def sign_up(self, project, body):
        """Emulator `signUp` (signUp.spec.ts). With `idToken`, links email/password onto that
        user ("should link email and password to anon user if idToken is provided").
        Production: the user's own email is not EMAIL_EXISTS (the emulator refuses it), and
        linking needs a recent sign-in."""
        now = project.now()
        user = claims = None
        if body.get("idToken"):
            ns, user, claims = self.parse_id_token(project, body["idToken"], body)
        else:
            ns = project.namespace(body.get("tenantId"))
        email, password = body.get("email"), body.get("password")
        provider = "anonymous"
        if user or password or email is not None:
            check(email, "MISSING_EMAIL")
            check(password, "MISSING_PASSWORD")
            check(project.password_enabled, "OPERATION_NOT_ALLOWED")
            provider = PASSWORD
        else:
            check(project.anonymous_enabled, "ADMIN_ONLY_OPERATION")
        if provider == PASSWORD:
            email = valid_email(email)
            owner = ns.by_email(email)
            check(not owner or owner is user, "EMAIL_EXISTS")
            check(len(password) >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD)
        if claims:
            self.require_recent_login(project, claims)
        if not user:
            user = ns.create(now)
        if provider == PASSWORD:
            if user.email != email:
                user.email, user.email_verified = email, False
            user.set_password(password, now)
            user.revoke_tokens(now)
        if body.get("displayName") is not None:
            user.display_name = body["displayName"]
        user.last_login_at = ms(now)
        out = {"kind": "identitytoolkit#SignupNewUserResponse", "localId": user.local_id,
               "email": user.email, "displayName": user.display_name}
        out.update(self.issue(project, user, provider, now))
        return drop_none(out)

    def sign_in_with_password(self, project, body):
        """Emulator `signInWithPassword` (password.spec.ts), with EMAIL_NOT_FOUND /
        INVALID_PASSWORD or, under email-enumeration protection, INVALID_LOGIN_CREDENTIALS
        ("should error if password is wrong with improved email privacy enabled").
        Production: after `max_password_attempts` failures the account answers
        TOO_MANY_ATTEMPTS_TRY_LATER for LOCKOUT_SECONDS of the project's clock."""
        now = project.now()
        check(project.password_enabled, "PASSWORD_LOGIN_DISABLED")
        check(body.get("email") is not None, "MISSING_EMAIL")
        email = valid_email(body["email"])
        check(body.get("password"), "MISSING_PASSWORD")
        ns = project.namespace(body.get("tenantId"))
        user = ns.by_email(email)
        private = project.enumeration_protection
        check(user, "INVALID_LOGIN_CREDENTIALS" if private else "EMAIL_NOT_FOUND")
        check(not user.disabled, "USER_DISABLED")
        check(user.locked_until <= now, TOO_MANY_ATTEMPTS)
        if not user.password_matches(body["password"]):
            user.failed_logins += 1
            if project.max_password_attempts and \
                    user.failed_logins >= project.max_password_attempts:
                user.locked_until = now + LOCKOUT_SECONDS
            raise ItkError("INVALID_LOGIN_CREDENTIALS" if private else "INVALID_PASSWORD")
        user.failed_logins = 0
        user.last_login_at = ms(now)
        out = {"kind": "identitytoolkit#VerifyPasswordResponse", "registered": True,
               "localId": user.local_id, "email": email, "displayName": user.display_name or ""}
        out.update(first_factor(self, project, user, PASSWORD, now))
        return out

    def create_auth_uri(self, project, body):
        """Emulator `createAuthUri` (createAuthUri.spec.ts): `registered`, `allProviders`,
        `signinMethods`; only `sessionId` under email-enumeration protection ("should not return
        providers for a registered user with improved email privacy enabled")."""
        session_id = body.get("sessionId") or secrets.token_urlsafe(20)
        if body.get("providerId"):
            raise ItkError("Sign-in with IDP is not yet supported.", 501,
                           {"status": "NOT_IMPLEMENTED", "reason": "unimplemented"})
        check(body.get("identifier"), "MISSING_IDENTIFIER")
        check(body.get("continueUri"), "MISSING_CONTINUE_URI")
        check(EMAIL_RE.match(body["identifier"]), "INVALID_IDENTIFIER")
        uri = urlsplit(body["continueUri"])
        check(uri.scheme and uri.netloc, "INVALID_CONTINUE_URI")
        ns = project.namespace(body.get("tenantId"))
        users = ns.by_email_or_provider_email(body["identifier"].lower())
        out = {"kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": session_id}
        if project.enumeration_protection:
            return out
        if project.allow_duplicate_emails:
            users = [u for u in users if u.email][:1]
            methods = [PASSWORD] if users and users[0].password_hash else []
            providers = list(methods)
        else:
            ids = users[0].provider_ids() if users else []
            providers = [p for p in ids if p != "phone"]
            methods = list(providers)
        out.update(registered=bool(users), allProviders=providers, signinMethods=methods)
        return out

    # --- the signed-in user ---------------------------------------------------------------

    def lookup(self, project, body):
        """Emulator `lookup` (misc.spec.ts "accounts:lookup"), the unprivileged form."""
        check(body.get("idToken"), "MISSING_ID_TOKEN")
        _, user, _ = self.parse_id_token(project, body["idToken"], body)
        return {"kind": "identitytoolkit#GetAccountInfoResponse", "users": [user.lookup_view()]}

    def update(self, project, body):
        """Emulator `setAccountInfoImpl` (setAccountInfo.spec.ts): displayName/photoUrl,
        deleteAttribute, deleteProvider ("should delete ... provider from user"), password and
        email; a password or email change moves validSince and returns new tokens ("should set
        password and issue new tokens", "should invalidate old tokens after updating validSince
        or password"). Production: password/email changes need a recent sign-in, and under
        email-enumeration protection an email change is refused (it needs verification)."""
        check(body.get("idToken"), "INVALID_REQ_TYPE : Unsupported request parameters.")
        _, user, claims = self.parse_id_token(project, body["idToken"], body)
        now = project.now()
        provider = claims["firebase"]["sign_in_provider"]
        if body.get("password") or body.get("email"):
            self.require_recent_login(project, claims)
        changed = False
        if body.get("email"):
            email = valid_email(body["email"])
            if email != user.email:
                check(not project.enumeration_protection, "OPERATION_NOT_ALLOWED : Please "
                      "verify the new email before changing email.")
                owner = project.namespace(user.tenant_id).by_email(email)
                check(not owner, "EMAIL_EXISTS")
                user.email, user.email_verified, changed = email, False, True
        if body.get("password"):
            check(len(body["password"]) >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD)
            user.set_password(body["password"], now)
            provider, changed = PASSWORD, True
        for field, attr in (("displayName", "display_name"), ("photoUrl", "photo_url")):
            if body.get(field) is not None:
                setattr(user, attr, body[field])
        for attr in body.get("deleteAttribute") or []:
            if attr == "DISPLAY_NAME":
                user.display_name = None
            elif attr == "PHOTO_URL":
                user.photo_url = None
            elif attr == "PASSWORD":
                user.clear_password()
        for provider_id in body.get("deleteProvider") or []:
            if provider_id == PASSWORD:  # the emulator drops the email with the password
                user.clear_password()
                user.email, user.email_verified = None, False
            user.providers.pop(provider_id, None)
        out = {"kind": "identitytoolkit#SetAccountInfoResponse", "localId": user.local_id,
               "email": user.email, "displayName": user.display_name,
               "photoUrl": user.photo_url, "emailVerified": user.email_verified,
               "providerUserInfo": user.provider_user_info(),
               "passwordHash": user.lookup_view().get("passwordHash")}
        if changed:
            user.revoke_tokens(now)
            out.update(self.issue(project, user, provider, claims["auth_time"]))
        return drop_none(out)

    def delete(self, project, body):
        """Emulator `deleteAccount` (deleteAccount.spec.ts "should delete the user of the
        idToken"). Production: needs a recent sign-in."""
        check(body.get("idToken"), "MISSING_ID_TOKEN")
        ns, user, claims = self.parse_id_token(project, body["idToken"], body)
        self.require_recent_login(project, claims)
        del ns.users[user.local_id]
        return {"kind": "identitytoolkit#DeleteAccountResponse"}

    def grant_token(self, project, body):
        """Emulator `grantToken` (misc.spec.ts "token refresh"): snake_case answer, `expires_in`
        a string, `project_id` the project *number*. The same refresh token is returned.
        Production: a deleted user is USER_NOT_FOUND (the emulator says INVALID_REFRESH_TOKEN)
        and a refresh token older than validSince (password/email change) is TOKEN_EXPIRED
        (Firebase "Manage user sessions": refresh tokens expire on a major account change)."""
        grant_type = body.get("grantType") or body.get("grant_type")
        refresh = body.get("refreshToken") or body.get("refresh_token")
        check(grant_type, "MISSING_GRANT_TYPE")
        check(grant_type == "refresh_token", "INVALID_GRANT_TYPE")
        check(refresh, "MISSING_REFRESH_TOKEN")
        rec = project.refresh.get(refresh)
        check(rec, "INVALID_REFRESH_TOKEN")
        user = project.namespaces[rec.tenant_id].users.get(rec.local_id)
        check(user, "USER_NOT_FOUND")
        check(not user.disabled, "USER_DISABLED")
        check(rec.issued >= user.revoked_at, "TOKEN_EXPIRED")
        now = project.now()
        user.last_refresh_at = iso(now)
        id_token = self.mint(project, user, rec.provider, rec.auth_time, now)
        return {"access_token": id_token, "expires_in": str(ID_TOKEN_LIFETIME),
                "token_type": "Bearer", "refresh_token": refresh, "id_token": id_token,
                "user_id": user.local_id, "project_id": project.project_number}
