"""accounts:signInWithIdp of the Identity Toolkit test server.

Mirrors the Firebase Auth Emulator's `signInWithIdp` (firebase-tools `src/emulator/auth/
operations.ts`, with `getNormalizedUri`, `handleLinkIdp`, `handleIdpSigninEmailRequired`,
`handleIdpSigninEmailNotRequired` and `handleIdpSignUp`; tests in `idp.spec.ts`), except that the
IdP credential is checked with the provider (itk_idp), `pendingToken` works, and production's
rules apply where marked "Production:". README.md lists the cases.
"""

import secrets
from urllib.parse import parse_qsl, urlsplit

import itk_idp
from itk_accounts import PASSWORD, ItkError, check, drop_none, known_provider_type, ms
from itk_mfa import first_factor

PENDING_TOKEN_LIFETIME = 600  # seconds of the project's clock
FORCE_200 = ("FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS")


def idp_params(body):
    """Emulator `getNormalizedUri`: requestUri (required, absolute) with its query and
    fragment parameters, overridden by the URL-encoded `postBody` (idp.spec.ts "should
    accept params (e.g. providerId, id_token) in requestUri")."""
    request_uri = body.get("requestUri")
    check(request_uri, "MISSING_REQUEST_URI")
    uri = urlsplit(request_uri)
    check(uri.scheme and uri.netloc, "INVALID_REQUEST_URI")
    params = dict(parse_qsl(uri.query)) | dict(parse_qsl(uri.fragment))
    params |= dict(parse_qsl(body.get("postBody") or "", keep_blank_values=True))
    provider_id = (params.get("providerId") or "").lower()
    check(provider_id, "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: "
          + f"{uri.scheme}://{uri.netloc}{uri.path}")
    check(known_provider_type(provider_id), "INVALID_PROVIDER_ID : Provider Id is not "
          "supported.")
    return provider_id, params


def idp_identity(ops, project, body):
    """The verified IdP identity of the request (run *without* the lock): from the
    provider test server, or from an earlier answer's `pendingToken`."""
    provider_id, params = idp_params(body)
    cfg = project.providers.get(provider_id)
    check(cfg, "OPERATION_NOT_ALLOWED : The identity provider configuration is not found.")
    project.namespace(body.get("tenantId"))
    if body.get("pendingToken"):
        with ops.lock:
            entry = project.pending.get(body["pendingToken"])
        check(entry and entry[0] > project.now() and entry[1] == provider_id,
              "INVALID_PENDING_TOKEN")
        return dict(entry[2]), body["pendingToken"]
    check(any(params.get(k) for k in ("access_token", "id_token")),
          "INVALID_IDP_RESPONSE : Invalid IdP response/credential: no access_token or "
          "id_token")
    identity = itk_idp.verify(provider_id, params, cfg, project.now())
    pending = "itk-pending-" + secrets.token_urlsafe(32)
    with ops.lock:
        project.pending[pending] = (project.now() + PENDING_TOKEN_LIFETIME, provider_id,
                                    dict(identity))
    return identity, pending


def sign_in_with_idp(ops, project, body, identity, pending):
    """Emulator `signInWithIdp` with `handleLinkIdp`, `handleIdpSigninEmailRequired`,
    `handleIdpSigninEmailNotRequired` and `handleIdpSignUp` (idp.spec.ts); README.md lists
    the cases. Production: `autoCreate: false` is honoured (USER_NOT_FOUND instead of
    a new account), an existing email owner gets needConfirmation whatever the IdP says about
    the email, linking needs a recent sign-in, and only FEDERATED_USER_ID_ALREADY_LINKED
    and EMAIL_EXISTS become HTTP 200 `errorMessage` with `returnIdpCredential`."""
    now = project.now()
    pid, raw_id, email = identity["providerId"], identity["rawId"], identity["email"]
    resp = {"kind": "identitytoolkit#VerifyAssertionResponse", "providerId": pid,
            "federatedId": raw_id, "displayName": identity["displayName"],
            "fullName": identity["displayName"], "screenName": identity["screenName"],
            "email": email, "emailVerified": identity["emailVerified"],
            "photoUrl": identity["photoUrl"], "rawUserInfo": identity["rawUserInfo"],
            "oauthAccessToken": identity["oauthAccessToken"],
            "oauthTokenSecret": identity["oauthTokenSecret"],
            "oauthIdToken": identity["oauthIdToken"], "pendingToken": pending}
    linking = None
    if body.get("idToken"):
        ns, linking, claims = ops.parse_id_token(project, body["idToken"], body)
        ops.require_recent_login(project, claims)
    else:
        ns = project.namespace(body.get("tenantId"))
    one_per_email = not project.allow_duplicate_emails
    by_provider = ns.by_provider(pid, raw_id)
    fields = {}
    try:
        if linking:  # handleLinkIdp
            check(not by_provider, "FEDERATED_USER_ID_ALREADY_LINKED")
            if one_per_email and email:
                owner = ns.by_email(email)
                check(not owner or owner is linking, "EMAIL_EXISTS")
                if not linking.email:
                    fields.update(email=email, email_verified=identity["emailVerified"])
            if email and identity["emailVerified"] and \
                    fields.get("email", linking.email) == email:
                fields["email_verified"] = True
            user = linking
        elif by_provider:
            user = by_provider
        else:
            # Production: an existing account with this email is never joined by an untrusted
            # provider, verified email or not; every provider this server verifies (github.com,
            # twitter.com, oidc.*) is untrusted ("Users in Firebase projects", verified email
            # addresses: only the email's own service, e.g. Google for gmail.com, is trusted).
            # The emulator auto-links on a verified IdP email instead (firebase-tools#3518,
            # #6340: "Auth Emulator don't raise account-exists-with-different-credential").
            user = ns.by_email(email) if one_per_email and email else None
            if user:
                resp.update(needConfirmation=True, localId=user.local_id, verifiedProvider=[
                    p for p in user.providers if p not in (PASSWORD, "phone")])
                return drop_none(resp)
    except ItkError as err:
        if body.get("returnIdpCredential") and err.code in FORCE_200:
            resp["errorMessage"] = err.code
            return drop_none(resp)
        raise
    if not user:  # handleIdpSignUp
        check(body.get("autoCreate", True) is not False, "USER_NOT_FOUND")
        user = ns.create(now)
        fields.update(display_name=identity["displayName"], photo_url=identity["photoUrl"],
                      screen_name=identity["screenName"])
        if one_per_email and email:
            fields.update(email=email, email_verified=identity["emailVerified"])
        resp["isNewUser"] = True
    for attr, value in fields.items():
        setattr(user, attr, value)
    user.providers[pid] = drop_none({
        "providerId": pid, "rawId": raw_id, "federatedId": raw_id, "email": email,
        "displayName": identity["displayName"], "photoUrl": identity["photoUrl"],
        "screenName": identity["screenName"]})
    resp["localId"] = user.local_id
    if user.email == email:
        resp["emailVerified"] = user.email_verified
    if user.tenant_id:
        resp["tenantId"] = user.tenant_id
    user.last_login_at = ms(now)
    check(not user.disabled, "USER_DISABLED")  # after the write, as in the emulator
    resp.update(first_factor(ops, project, user, pid, now, linking=bool(body.get("idToken"))))
    return drop_none(resp)

