import AuthEngine
import Foundation

/// What a `signInWithIdp` request presents, read as firebase-tools' `getNormalizedUri` reads it:
/// `requestUri` (required and absolute, never matched against a domain list) with its query and
/// fragment parameters, overridden by the URL-encoded `postBody` (idp.spec "should error when
/// requestUri is missing or invalid", "should accept params (e.g. providerId, id_token) in
/// requestUri", "should error when missing providerId is missing").
struct IdPRequest: Sendable {
  let providerID: String
  /// postBody first, then the fragment's, then the query's: the first value of a name wins.
  let params: FormParameters

  init(_ body: IdentityToolkitBody) throws {
    guard let requestURI = body.text("requestUri") else { throw IdentityToolkitError("MISSING_REQUEST_URI") }
    guard let uri = URLComponents(string: requestURI), let scheme = uri.scheme, let host = uri.host, !host.isEmpty
    else { throw IdentityToolkitError("INVALID_REQUEST_URI") }
    var params = FormParameters.parse(body.string("postBody") ?? "") ?? FormParameters()
    params.pairs += (FormParameters.parse(uri.percentEncodedFragment ?? "") ?? FormParameters()).pairs
    params.pairs += (FormParameters.parse(uri.percentEncodedQuery ?? "") ?? FormParameters()).pairs
    self.params = params
    providerID = (params["providerId"] ?? "").lowercased()
    let port = uri.port.map { ":\($0)" } ?? ""
    try IdentityToolkitError.check(
      !providerID.isEmpty,
      "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: \(scheme)://\(host)\(port)\(uri.path)")
    try IdentityToolkitError.check(
      IdentityToolkitProject.isKnownProviderType(providerID), "INVALID_PROVIDER_ID : Provider Id is not supported.")
  }

  /// Whether a provider credential is present at all.
  var hasCredential: Bool { ["access_token", "id_token"].contains { !(params[$0] ?? "").isEmpty } }
}

/// How a `signInWithIdp` request proved its IdP identity: a credential the provider just confirmed, or
/// a `pendingToken` from an earlier answer.
enum IdPProof: Sendable {
  case verified(IdPIdentity, IdPCredential)
  case pending(String)
}
