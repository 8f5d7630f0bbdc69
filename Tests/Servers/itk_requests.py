"""Reading a request of the Identity Toolkit test server: the v1 field schema and the request log.

`FIELDS` lists the request fields per operation (`token` included); `parse_body` reads the JSON
(or, for the token grant, form) body and rejects names the schema doesn't have, as production's
API front end does. `log_entry` is what `GET /_test/projects/<id>/log` shows of a request: names
and flags, never secrets (`redacted_uri` hides requestUri's parameter values).
"""

import json
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import request

from itk_accounts import ItkError
from itk_mfa import FIELDS as MFA_FIELDS

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
    "signInWithCustomToken": "delegatedProjectNumber instanceId returnSecureToken tenantId token",
    "sendOobCode": "androidInstallApp androidMinimumVersion androidPackageName canHandleCodeInApp "
                   "captchaResp challenge clientType continueUrl dynamicLinkDomain email "
                   "iOSAppStoreId iOSBundleId idToken linkDomain newEmail recaptchaVersion "
                   "requestType returnOobLink targetProjectId tenantId userIp",
    "resetPassword": "email newPassword oldPassword oobCode tenantId",
}
FIELDS = {op: set(names.split()) for op, names in FIELDS.items()}
FIELDS.update(MFA_FIELDS)  # the second factor's v2 operations (itk_mfa)


def redacted_uri(uri):
    """requestUri for the log: parameter values (credentials may ride there) replaced."""
    if not isinstance(uri, str):
        return None
    parts = urlsplit(uri)
    hide = (lambda text: urlencode([(k, "REDACTED") for k, _ in parse_qsl(text, True)]))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, hide(parts.query),
                       hide(parts.fragment)))


def parse_body(op):
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


def log_entry(op, body):
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
