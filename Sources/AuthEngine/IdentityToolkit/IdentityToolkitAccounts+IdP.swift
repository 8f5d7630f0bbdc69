import Foundation

/// `accounts:signInWithIdp` for a credential of the desktop's provider leg: sign in, link (with the
/// signed-in user's ID token) or reauthenticate (`autoCreate: false`, and the answer must be this user's).
extension IdentityToolkitAccounts {
  func signInWithIdp(_ request: IdPRequest) async throws -> SignedIn {
    var linking: (session: FirebaseSessions.Active, idToken: IDToken)?
    switch request.operation {
    case .signIn: break
    case .link(let uid): linking = (try await requireSession(uid), try await idToken(uid: uid, forceRefresh: false))
    case .reauthenticate(let uid): _ = try await requireSession(uid)
    }
    let fields = IdPRequestBody.fields(request, idToken: linking?.idToken)
    let answer: JSONValue
    do {
      answer =
        linking == nil
        ? try await client.accounts("signInWithIdp", fields)
        : try await endingSession(of: linking?.session.uid) { try await client.accounts("signInWithIdp", fields) }
    } catch let error as AuthError {
      throw contextualized(error, request)
    }
    if answer["needConfirmation"]?.bool == true { throw try await needsConfirmation(answer, request) }
    if let message = answer["errorMessage"]?.string {
      throw contextualized(IdentityToolkitErrors.error(message: message, status: 200), request, answer: answer)
    }
    let credential = request.result.credential
    if linking == nil,
      let resolver = try MultiFactorAnswer.resolver(
        answer, firstFactor: request.result.identity.providerID, credential: credential,
        additionalUserInfo: request.result.additionalUserInfo, reauthenticating: request.operation.reauthenticating)
    {
      throw AuthError.multiFactorRequired(resolver)
    }
    let tokens = try SessionTokens.required(answer, now: now, of: "signInWithIdp")
    switch request.operation {
    case .signIn:
      let account = try await lookup(tokens.idToken, of: nil)
      try await sessions.start(
        account, provider: request.result.identity.providerID, tokens: tokens, credential: credential)
      return SignedIn(account: account, isNewUser: answer["isNewUser"]?.bool ?? false)
    case .link(let uid), .reauthenticate(let uid):
      // A reauthentication that signed another account in leaves this session as it was.
      guard answer["localId"]?.string == uid else {
        throw AuthError(.userMismatch, origin: .request, providerID: request.result.identity.providerID)
      }
      let session = try await requireSession(uid)
      let account = try await lookup(tokens.idToken, of: uid)
      try await sessions.update(session, account: account, tokens: tokens, keeping: credential)
      return SignedIn(account: account, isNewUser: false)
    }
  }

  /// `needConfirmation`: another account has the credential's email. A sign-in keeps the credential
  /// (with the answer's `pendingToken`) for `linkPendingCredential()` and reports how that account
  /// signs in (`createAuthUri`, else the answer's `verifiedProvider`); a reauthentication is another
  /// user's.
  func needsConfirmation(_ answer: JSONValue, _ request: IdPRequest) async throws -> AuthError {
    let identity = request.result.identity
    guard request.operation == .signIn else {
      if case .reauthenticate = request.operation {
        return AuthError(.userMismatch, origin: .request, providerID: identity.providerID)
      }
      let email = EmailAddress.normalize(answer["email"]?.string ?? identity.email) ?? ""
      return AuthError(
        .emailAlreadyInUse, origin: .accountServer, payload: .emailInUse(email), providerID: identity.providerID)
    }
    guard let email = EmailAddress.normalize(answer["email"]?.string ?? identity.email) else {
      return AuthError(.invalidProviderResponse, origin: .accountServer, detail: "needConfirmation without an email")
    }
    let listed = try? await createAuthUri(email: email)
    let methods =
      listed.flatMap { $0.hidden ? nil : $0.methods }
      ?? (answer["verifiedProvider"]?.array ?? []).compactMap(\.string)
    try await pending.keep(
      request.result, email: email, pendingToken: answer["pendingToken"]?.string.map(PendingToken.init))
    return .accountConflict(AccountConflict(email: email, providerID: identity.providerID, signInMethods: methods))
  }

  /// The payload the local store gives for the same cause: the credential of
  /// `credential-already-in-use`, the email of `email-already-in-use`, `user-mismatch` for a
  /// reauthentication of nobody (`USER_NOT_FOUND`, as the iOS SDK).
  func contextualized(_ error: AuthError, _ request: IdPRequest, answer: JSONValue? = nil) -> AuthError {
    let identity = request.result.identity
    let email = EmailAddress.normalize(answer?["email"]?.string ?? identity.email)
    switch error.code {
    case .credentialAlreadyInUse:
      return .credentialInUse(
        CredentialInUse(email: email, providerID: identity.providerID, credential: request.result.credential))
    case .emailAlreadyInUse:
      return AuthError(
        .emailAlreadyInUse, origin: .accountServer, payload: email.map { .emailInUse($0) } ?? error.payload,
        detail: error.detail, providerID: identity.providerID)
    case .userNotFound:
      guard case .reauthenticate = request.operation else { return error }
      return AuthError(.userMismatch, origin: .request, detail: error.detail, providerID: identity.providerID)
    default:
      return error
    }
  }
}
