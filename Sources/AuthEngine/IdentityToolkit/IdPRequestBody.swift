import Foundation

/// `accounts:signInWithIdp`'s request for a credential of the desktop's provider leg: `postBody`
/// URL-encoded (github.com: `access_token`; twitter.com: `access_token`, `oauth_token_secret`; `oidc.*`:
/// `id_token` and the raw `nonce`), `requestUri = http://localhost` (the REST reference's value for a
/// credential the client supplies), `returnIdpCredential` and `returnSecureToken`; `idToken` to link,
/// `autoCreate: false` to reauthenticate (it must never create an account), and `pendingToken` when
/// an earlier answer gave one for this credential.
enum IdPRequestBody {
  static let requestURI = "http://localhost"

  static func fields(_ request: IdPRequest, idToken: IDToken?) -> [String: JSONValue] {
    var fields: [String: JSONValue] = [
      "requestUri": .string(requestURI), "returnIdpCredential": .bool(true), "returnSecureToken": .bool(true),
    ]
    let providerID = request.result.identity.providerID
    if let pendingToken = request.pendingToken {
      fields["pendingToken"] = .string(pendingToken.reveal())
      fields["postBody"] = .string(FormParameters([("providerId", providerID)]).encoded)
    } else {
      fields["postBody"] = .string(postBody(request.result.credential, providerID: providerID).encoded)
    }
    if let idToken { fields["idToken"] = .string(idToken.reveal()) }
    if case .reauthenticate = request.operation { fields["autoCreate"] = .bool(false) }
    return fields
  }

  static func postBody(_ credential: OAuthCredential, providerID: String) -> FormParameters {
    var form = FormParameters()
    form.append("providerId", providerID)
    if providerID.hasPrefix("oidc."), let idToken = credential.idToken {
      form.append("id_token", idToken.reveal())
      form.append("nonce", credential.rawNonce?.reveal())
    } else {
      form.append("access_token", credential.accessToken?.reveal())
      form.append("oauth_token_secret", credential.secret?.reveal())
    }
    return form
  }
}
