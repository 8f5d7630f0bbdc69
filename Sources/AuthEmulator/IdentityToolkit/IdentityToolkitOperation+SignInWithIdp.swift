import AuthEngine
import Foundation

/// `accounts:signInWithIdp`: firebase-tools' `signInWithIdp` with `handleLinkIdp`,
/// `handleIdpSigninEmailRequired`, `handleIdpSigninEmailNotRequired` and `handleIdpSignUp` (tests in
/// `idp.spec.ts`), on an identity the provider confirmed (`IdPVerifier`).
///
/// Mirrored: "should create new account with IDP from unsigned ID token" (answer shape: `isNewUser`,
/// `federatedId` = rawId, `rawUserInfo` a JSON string), "should copy attributes to user on IDP sign-up",
/// "should sign in existing account if (providerId, sub) is the same", "should return needConfirmation if
/// both account and IDP has unverified email" (HTTP 200, `needConfirmation`, `localId`,
/// `verifiedProvider`, no tokens, account unchanged),
/// "should link IDP to existing account by idToken", "should copy IDP email to user-level email if not
/// present", "should error if user to be linked is disabled", "should return error if IDP account is
/// already linked to the same user" / "… to another user" (`FEDERATED_USER_ID_ALREADY_LINKED`), "should
/// return error if IDP account email already exists if NOT allowDuplicateEmail" (`EMAIL_EXISTS`), "should
/// allow linking IDP account with same email to same user", "should allow duplicate emails if set in
/// project config", "should sign-up new users without copying email when allowing duplicate emails",
/// "should create a new account with tenantId", "should error if user is disabled".
///
/// Production instead of firebase-tools: an existing account with the IdP's email gets `needConfirmation`
/// whether or not the IdP calls the email verified — GitHub, X and OpenID Connect providers are untrusted
/// (Firebase "Users in Firebase projects", verified email addresses; firebase-tools auto-links instead,
/// firebase/firebase-tools#3518 and #6340); `autoCreate: false` is honoured (`USER_NOT_FOUND`, nothing
/// created); linking needs a recent sign-in; only `FEDERATED_USER_ID_ALREADY_LINKED` and `EMAIL_EXISTS`
/// become HTTP 200 `errorMessage` with `returnIdpCredential` (REST reference: "Whether to force the
/// return of the OAuth credential on the following errors"); every answer on a verified credential
/// carries a `pendingToken` that stands for it for 10 minutes. `USER_DISABLED` is checked before the
/// write (firebase-tools checks after it), so a refused sign-in changes nothing.
extension IdentityToolkitOperation {
  static let pendingTokenLifetime: TimeInterval = 600
  static let forcedTo200: Set<String> = ["FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS"]

  mutating func signInWithIdp(_ body: IdentityToolkitBody, providerID: String, proof: IdPProof) throws -> [String: Any]
  {
    var linking: (index: Int, claims: [String: JSONValue])?
    if let idToken = body.idToken { linking = try parseIDToken(idToken, body) }
    let tenant = linking.map { state.accounts[$0.index].tenantId } ?? body.text("tenantId")
    let (identity, credential, pendingToken) = try resolve(proof, providerID: providerID, tenant: tenant)
    var answer = Self.answer(identity, credential, pendingToken: pendingToken)
    if let linking { try requireRecentLogin(linking.claims) }
    let email = identity.email
    let onePerEmail = !state.allowDuplicateEmails
    let byProvider = state.index(provider: providerID, rawId: identity.rawId, tenantId: tenant)
    var target: Int?
    var (setEmail, markVerified, takeProfile) = (false, false, false)
    do {
      if let linking {  // handleLinkIdp
        try Self.check(byProvider == nil, "FEDERATED_USER_ID_ALREADY_LINKED")
        if onePerEmail, let email {
          let owner = state.index(email: email, tenantId: tenant)
          try Self.check(owner == nil || owner == linking.index, "EMAIL_EXISTS")
          setEmail = state.accounts[linking.index].email == nil
        }
        markVerified = identity.emailVerified && (setEmail || state.accounts[linking.index].email == email)
        target = linking.index
      } else if let byProvider {
        target = byProvider
      } else if onePerEmail, let email, let owner = state.index(email: email, tenantId: tenant) {
        // handleIdpSigninEmailRequired, with production's rule for untrusted providers.
        answer["needConfirmation"] = true
        answer["localId"] = state.accounts[owner].localId
        answer["verifiedProvider"] = state.accounts[owner].providers.map(\.providerId).filter { $0 != "phone" }
        return answer
      }
    } catch let error as IdentityToolkitError
      where body.bool("returnIdpCredential") == true
      && Self.forcedTo200.contains(error.code)
    {
      answer["errorMessage"] = error.code
      return answer
    }
    if target == nil {  // handleIdpSignUp
      try Self.check(body.bool("autoCreate") != false, "USER_NOT_FOUND")
      target = state.createAccount(tenantId: tenant, now: now, random: random)
      (takeProfile, setEmail) = (true, onePerEmail && email != nil)
      answer["isNewUser"] = true
    }
    let index = target!
    try Self.check(!state.accounts[index].disabled, "USER_DISABLED")
    if takeProfile {
      state.accounts[index].displayName = identity.displayName
      state.accounts[index].photoUrl = identity.photoUrl
      state.accounts[index].screenName = identity.screenName
    }
    if setEmail { (state.accounts[index].email, state.accounts[index].emailVerified) = (email, identity.emailVerified) }
    if markVerified { state.accounts[index].emailVerified = true }
    state.accounts[index].link(identity.providerUserInfo)
    state.accounts[index].lastLoginAt = IdentityToolkitAccount.milliseconds(now)
    answer["localId"] = state.accounts[index].localId
    if let email, state.accounts[index].email == email { answer["emailVerified"] = state.accounts[index].emailVerified }
    answer["tenantId"] = state.accounts[index].tenantId
    let tokens =
      linking == nil
      ? try firstFactorTokens(index, provider: providerID) : try issueTokens(index, provider: providerID, authTime: now)
    return answer.merging(tokens) { $1 }
  }

  /// The identity a proof stands for, and the `pendingToken` to answer: a new one for a fresh
  /// credential (remembered by digest, without the provider's tokens), the same one for a pending token
  /// (`INVALID_PENDING_TOKEN` when unknown, expired, another provider's or another tenant's).
  private mutating func resolve(_ proof: IdPProof, providerID: String, tenant: String?) throws -> (
    IdPIdentity, IdPCredential, String
  ) {
    switch proof {
    case .verified(let identity, let credential):
      let token = "AMf-vB" + random.token(bytes: 60)
      state.pendingTokens[Self.digest(token)] = IdentityToolkitState.PendingRecord(
        identity: identity, tenantId: tenant, expiresAt: now + Self.pendingTokenLifetime)
      return (identity, credential, token)
    case .pending(let token):
      guard let record = state.pendingTokens[Self.digest(token)], record.expiresAt > now,
        record.identity.providerId == providerID, record.tenantId == tenant
      else { throw IdentityToolkitError("INVALID_PENDING_TOKEN") }
      return (record.identity, IdPCredential(), token)
    }
  }

  /// The IdP part of every answer (`GoogleCloudIdentitytoolkitV1SignInWithIdpResponse`).
  private static func answer(_ identity: IdPIdentity, _ credential: IdPCredential, pendingToken: String) -> [String:
    Any]
  {
    var answer: [String: Any] = [
      "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": identity.providerId,
      "federatedId": identity.rawId, "rawUserInfo": identity.rawUserInfo, "emailVerified": identity.emailVerified,
      "pendingToken": pendingToken,
    ]
    answer["displayName"] = identity.displayName
    answer["fullName"] = identity.displayName
    answer["screenName"] = identity.screenName
    answer["email"] = identity.email
    answer["photoUrl"] = identity.photoUrl
    answer["oauthAccessToken"] = credential.accessToken
    answer["oauthTokenSecret"] = credential.tokenSecret
    answer["oauthIdToken"] = credential.idToken
    return answer
  }
}
