import AuthEngine
import Crypto
import Foundation

/// Generic OpenID Connect (`oidc.NAME`), as Identity Platform checks it: the configured issuer's
/// discovery document (its `issuer` must match) and JWKS, here the emulator's own (`/oidc`,
/// `/oidc/rs256`); RS256 or ES256 only; `iss` = the issuer; `aud` = the configured client id (with
/// several audiences `azp` must be it, as the Admin SDK's `OIDCAuthProviderConfig.clientId` "is used to
/// confirm the audience"); `exp` not passed on the emulator's clock; `sub` and `iat` present.
///
/// Nonce: when the ID token has a `nonce` claim or postBody a `nonce`, postBody must carry the raw
/// nonce and the claim must be the lowercase hex SHA-256 of it (Android
/// `OAuthProvider.CredentialBuilder.setIdTokenWithRawNonce`, JS `OAuthCredentialOptions.rawNonce`: "The
/// SHA-256 hash of the raw nonce must match the nonce field in the ID token"). So the authorization
/// request carries hex(SHA-256(raw)) and signInWithIdp the raw value. firebase-tools never checks it.
extension IdPVerifier {
  static let nonceMissing = "MISSING_OR_INVALID_NONCE : Nonce is missing in the request."
  static let nonceMismatch =
    "MISSING_OR_INVALID_NONCE : The nonce in ID Token does not match the SHA256 hash of the raw nonce in the request."

  func oidc(_ providerID: String, _ params: FormParameters, issuer: URL, clientID: String) async throws -> (
    IdPIdentity, IdPCredential
  ) {
    guard let idToken = params["id_token"], !idToken.isEmpty else { throw Self.invalid("\(providerID) needs id_token") }
    let issuerText = EmulatorSetup.trimmed(issuer)
    guard let issuerPath = path(of: issuerText) else {
      throw Self.invalid("The issuer \(issuerText) is not served by this emulator, which verifies offline")
    }
    let discovery = try json(await get(issuerPath + "/.well-known/openid-configuration"))
    guard discovery["issuer"]?.string == issuerText, let jwksPath = discovery["jwks_uri"]?.string.flatMap(path(of:))
    else { throw Self.invalid("The discovery document of \(issuerText) does not name that issuer") }
    let keys = try json(await get(jwksPath))
    let claims: [String: JSONValue]
    switch VerifiedJWS.verify(idToken, keySet: keys) {
    case .success(let verified): claims = verified.claims
    case .failure(.malformed): throw Self.invalid("Unable to parse the id_token")
    case .failure(.algorithmNotAllowed): throw Self.invalid("The id_token's algorithm is not RS256 or ES256")
    case .failure(.noMatchingKey): throw Self.invalid("No key of the issuer's JWKS matches the id_token")
    case .failure(.badSignature): throw Self.invalid("The id_token signature does not verify")
    }
    try check(claims, issuer: issuerText, clientID: clientID)
    let rawNonce = params["nonce"].flatMap { $0.isEmpty ? nil : $0 }
    if claims["nonce"] != nil || rawNonce != nil {
      guard let rawNonce else { throw IdentityToolkitError(Self.nonceMissing) }
      let hashed = SHA256.hash(data: Data(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined()
      guard let claim = claims["nonce"]?.string, Nonce(hashed).constantTimeEquals(claim) else {
        throw IdentityToolkitError(Self.nonceMismatch)
      }
    }
    let identity = IdPIdentity(
      providerId: providerID, rawId: claims["sub"]?.string ?? "", profile: claims, email: claims["email"]?.string,
      emailVerified: claims["email_verified"]?.bool ?? false, displayName: claims["name"]?.string,
      photoUrl: claims["picture"]?.string, screenName: claims["preferred_username"]?.string)
    return (identity, IdPCredential(accessToken: params["access_token"], idToken: idToken))
  }

  private func check(_ claims: [String: JSONValue], issuer: String, clientID: String) throws {
    guard claims["iss"]?.string == issuer else {
      throw Self.invalid("The issuer of the id_token does not match the provider configuration")
    }
    let audiences = claims["aud"]?.string.map { [$0] } ?? claims["aud"]?.array?.compactMap(\.string) ?? []
    guard audiences.contains(clientID), audiences.count == 1 || claims["azp"]?.string == clientID else {
      throw Self.invalid("The audience of the id_token is not the configured client id")
    }
    guard let exp = claims["exp"]?.number, exp > clock.now().timeIntervalSince1970 else {
      throw Self.invalid("The id_token has expired")
    }
    guard let sub = claims["sub"]?.string, !sub.isEmpty, claims["iat"]?.number != nil else {
      throw Self.invalid("The id_token lacks sub or iat")
    }
  }

  /// The path of `url` below the provider emulator's base URL; nil for a URL elsewhere.
  private func path(of url: String) -> String? {
    let root = provider.root
    guard url.hasPrefix(root + "/") else { return nil }
    return String(url.dropFirst(root.count))
  }
}
