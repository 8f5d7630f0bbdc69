import AuthEngine
import Foundation

/// The consent page and its answers (approve as an identity, add an identity, deny).
extension ProviderEmulator {
  /// Shows the consent page for a request whose client and redirect URI are already checked.
  func showConsent(
    _ kind: PendingConsent.Kind, provider: EmulatorIdentity.Provider, clientID: String, redirectURI: String,
    scopes: [String]
  ) async -> HTTPResponse {
    let id = random.token(bytes: 16)
    let pending = PendingConsent(
      kind: kind, provider: provider, clientID: clientID, redirectURI: redirectURI, scopes: scopes,
      token: random.token(bytes: 32), expiresAt: now() + Self.lifetime)
    consents[id] = pending
    return await consentPage(id: id, pending, error: nil, status: 200)
  }

  func consentPage(id: String, _ pending: PendingConsent, error: String?, status: Int) async -> HTTPResponse {
    let all: [EmulatorIdentity]
    do {
      all = try await identities.identities()
    } catch {
      return storeFailure(error)
    }
    let page = ConsentPage.render(
      ConsentPage.Content(
        provider: pending.provider, clientID: pending.clientID, scopes: pending.scopes,
        redirectURI: pending.redirectURI, userCode: Self.userCode(of: pending), requestID: id,
        consentToken: pending.token,
        identities: all.filter { $0.provider == pending.provider },
        otherIdentities: all.filter { $0.provider != pending.provider && $0.email != nil }, error: error))
    let targets = pending.redirectURI.isEmpty ? [] : [Self.formTarget(pending.redirectURI)]
    return EmulatorHTTP.html(page, status: status, formTargets: targets)
  }

  static func userCode(of pending: PendingConsent) -> String? {
    guard case .device(let userCode) = pending.kind else { return nil }
    return userCode
  }

  /// The CSP source that lets the consent form's redirect reach the client: the custom scheme
  /// (`dev.authdesktop.authdesktop:`) or the loopback origin (`http://127.0.0.1:PORT`).
  static func formTarget(_ redirectURI: String) -> String {
    guard let components = URLComponents(string: redirectURI), let scheme = components.scheme?.lowercased() else {
      return ""
    }
    guard scheme == "http" || scheme == "https", let host = components.host else { return scheme + ":" }
    let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return "\(scheme)://\(hostPart)\(components.port.map { ":\($0)" } ?? "")"
  }

  /// `POST /consent`: `request`, `consent_token`, `action` (`approve` with `identity`, `add` with `name`,
  /// `email`, `share_email_with`, or `deny`).
  func answerConsent(_ request: HTTPRequest) async -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    guard let id = EmulatorHTTP.single("request", in: form), let pending = consents[id] else { return Self.answered }
    guard let token = EmulatorHTTP.single("consent_token", in: form),
      EmulatorHTTP.constantTimeEquals(token, pending.token)
    else {
      return EmulatorHTTP.errorPage(
        "Refused", "This form was not sent from the emulator's consent page (wrong consent token).", status: 403)
    }
    switch EmulatorHTTP.single("action", in: form) {
    case "deny":
      consents[id] = nil
      return deny(pending)
    case "approve":
      let chosen: EmulatorIdentity?
      do {
        let key = EmulatorHTTP.single("identity", in: form)
        chosen = try await identities.identities().first { $0.key == key && $0.provider == pending.provider }
      } catch {
        return storeFailure(error)
      }
      guard let chosen else {
        return await consentPage(id: id, pending, error: "Choose one of the identities below.", status: 400)
      }
      // Answered once, even by two POSTs racing through the await above.
      guard consents.removeValue(forKey: id) != nil else { return Self.answered }
      return approve(pending, as: chosen)
    case "add":
      return await addIdentity(form, id: id, pending)
    default:
      return EmulatorHTTP.errorPage("Refused", "The form has no valid action.")
    }
  }

  private func addIdentity(_ form: FormParameters, id: String, _ pending: PendingConsent) async -> HTTPResponse {
    do {
      let all = try await identities.identities()
      var email = EmulatorHTTP.single("email", in: form)
      if let shared = EmulatorHTTP.single("share_email_with", in: form), !shared.isEmpty {
        guard let other = all.first(where: { $0.key == shared }), let otherEmail = other.email else {
          throw EmulatorFormError("The identity whose email should be shared does not exist.")
        }
        email = otherEmail
      }
      let identity = try EmulatorIdentity.make(
        provider: pending.provider, name: EmulatorHTTP.single("name", in: form) ?? "", email: email, existing: all,
        random: random)
      guard consents.removeValue(forKey: id) != nil else { return Self.answered }
      try await identities.add(identity)
      return approve(pending, as: identity)
    } catch let error as EmulatorFormError {
      return await consentPage(id: id, pending, error: error.message, status: 400)
    } catch {
      return storeFailure(error)
    }
  }

  private func approve(_ pending: PendingConsent, as identity: EmulatorIdentity) -> HTTPResponse {
    switch pending.kind {
    case .oauth2(let grant):
      let code = random.token(bytes: 32)
      codes[code] = IssuedCode(grant: grant, identity: identity, expiresAt: now() + Self.lifetime)
      var parameters = FormParameters()
      parameters.append("code", code)
      parameters.append("state", grant.state)
      parameters.append("iss", grant.issuer.map { root + $0.path })
      return EmulatorHTTP.redirect(Self.url(grant.redirectURI, adding: parameters))
    case .oauth1(let requestToken):
      // The token may have been authorized from another tab's consent page meanwhile.
      guard var record = requestTokens[requestToken], record.verifier == nil else {
        return EmulatorHTTP.errorPage("This sign-in request is no longer valid", "The request token expired.")
      }
      let verifier = random.token(bytes: 24)
      record.verifier = verifier
      record.identity = identity
      requestTokens[requestToken] = record
      return EmulatorHTTP.redirect(
        Self.url(record.callback, adding: ["oauth_token": requestToken, "oauth_verifier": verifier]))
    case .device(let userCode):
      return answerDevice(userCode, as: identity)
    }
  }

  /// RFC 6749 §4.1.2.1 `access_denied`; X sends `denied=REQUEST_TOKEN`.
  private func deny(_ pending: PendingConsent) -> HTTPResponse {
    switch pending.kind {
    case .oauth2(let grant):
      var parameters = FormParameters()
      parameters.append("error", "access_denied")
      parameters.append("error_description", "The user denied access.")
      parameters.append("state", grant.state)
      parameters.append("iss", grant.issuer.map { root + $0.path })
      return EmulatorHTTP.redirect(Self.url(grant.redirectURI, adding: parameters))
    case .oauth1(let requestToken):
      guard let record = requestTokens.removeValue(forKey: requestToken) else {
        return EmulatorHTTP.errorPage("This sign-in request is no longer valid", "The request token expired.")
      }
      return EmulatorHTTP.redirect(Self.url(record.callback, adding: ["denied": requestToken]))
    case .device(let userCode):
      return answerDevice(userCode, as: nil)
    }
  }

  static var answered: HTTPResponse {
    EmulatorHTTP.errorPage(
      "This sign-in request is no longer valid",
      "It expired, or it was already answered. Start the sign-in again in the app.")
  }

  /// An OAuth 2.0 error sent to the (already validated) redirect URI.
  func redirectError(_ grant: OAuth2Grant, _ error: String, _ description: String) -> HTTPResponse {
    var parameters = FormParameters()
    parameters.append("error", error)
    parameters.append("error_description", description)
    parameters.append("state", grant.state)
    parameters.append("iss", grant.issuer.map { root + $0.path })
    return EmulatorHTTP.redirect(Self.url(grant.redirectURI, adding: parameters))
  }

  static func url(_ base: String, adding parameters: FormParameters) -> URL {
    (URL(string: base) ?? URL(string: "about:blank")!).appendingQuery(parameters)
  }

  /// The page for an identities file that cannot be used (the emulator words its own pages).
  func storeFailure(_ error: any Error) -> HTTPResponse {
    let message: String
    if let error = error as? AuthError, case .storage(let issue) = error.payload {
      switch issue.problem {
      case .invalidContents(let keptAs?):
        message = "\(issue.path) was not a valid identities file. It was kept as \(keptAs); the seeds are used."
      case .invalidContents(nil):
        message = "\(issue.path) is not a valid identities file. Move it away, or run “auth-desktop emulator --reset”."
      default: message = "\(issue.path) cannot be read or written."
      }
    } else {
      message = "The identities could not be read."
    }
    return EmulatorHTTP.errorPage("The emulator's identities are not available", message, status: 500)
  }
}
