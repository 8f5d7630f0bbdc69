import AuthDesktopKit
import AuthEngine
import Foundation

/// A web-authentication session: its creator, its loopback listener (RFC 8252 §7.3), and whether its one
/// sign-in has begun. The listener lives as long as the session.
struct WebSession: Sendable {
  let owner: String
  let listener: any BoundRedirectListener
  var used = false
}

/// A request object's operation: whose it is, the session it uses, and the task that runs it.
struct PendingRequest: Sendable {
  let owner: String
  let session: String?
  var task: Task<Void, Never>?
}

extension AccountsService {
  /// The longest URL `Authenticate` opens (browsers take about this much; providers far less).
  static let maximumURLLength = 8192
  /// The path of every session's redirect URI.
  static let redirectPath = "/callback"

  /// `CreateSession(a{sv}) → (o, s)`: a loopback listener of the session's own and its redirect URI.
  func createSession(_ call: BusCall, caller: CallerIdentity) async throws -> [BusValue] {
    let given = Self.dictionary(call, at: 0)
    let token = try Self.stringOption(given, "session_handle_token", limit: 64) ?? nextToken()
    guard AccountsBus.isValidToken(token) else { throw ServiceError.invalidArgument(.option("session_handle_token")) }
    let path = AccountsBus.sessionPath(sender: call.sender, token: token)
    guard sessions[path] == nil else { throw ServiceError.invalidArgument(.tokenInUse) }
    guard sessions.values.filter({ $0.owner == call.sender }).count < options.maximumSessionsPerCaller else {
      throw ServiceError.failed(.tooManySessions)
    }
    guard let listener = try? await options.listener.bind(path: Self.redirectPath) else {
      throw ServiceError.failed(.cannotListen)
    }
    guard sessions[path] == nil else {
      await listener.close()
      throw ServiceError.invalidArgument(.tokenInUse)
    }
    sessions[path] = WebSession(owner: call.sender, listener: listener)
    return [.objectPath(path), .string(listener.redirectURI.absoluteString)]
  }

  /// `Authenticate(o, s, s, a{sv}) → o`: checks everything, returns the request object, then asks the
  /// user, opens the browser and answers with the redirect in `Response`.
  func authenticate(_ call: BusCall, caller: CallerIdentity) async throws -> [BusValue] {
    guard call.arguments.count == 4, case .objectPath(let sessionPath) = call.arguments[0],
      case .string(let parentText) = call.arguments[1], case .string(let urlText) = call.arguments[2]
    else { throw ServiceError.invalidArgument(.option("arguments")) }
    guard let session = sessions[sessionPath] else { throw ServiceError.invalidArgument(.noSuchSession) }
    guard session.owner == call.sender else { throw ServiceError.accessDenied(.notYourSession) }
    guard parentText.utf8.count <= 300, let parent = ParentWindow(parentText) else {
      throw ServiceError.invalidArgument(.parentWindow)
    }
    guard urlText.utf8.count <= Self.maximumURLLength else { throw ServiceError.invalidArgument(.tooLong("url")) }
    let url = try Self.openableURL(urlText)
    try Self.checkRedirect(of: url, against: session.listener.redirectURI)
    let options = Self.dictionary(call, at: 3)
    let token = try Self.stringOption(options, "handle_token", limit: 64) ?? nextToken()
    guard AccountsBus.isValidToken(token) else { throw ServiceError.invalidArgument(.option("handle_token")) }
    let activation = try Self.stringOption(options, "activation_token")
    guard !session.used else { throw ServiceError.invalidArgument(.sessionInUse) }
    let path = AccountsBus.requestPath(sender: call.sender, token: token)
    guard requests[path] == nil, let bus, await bus.export(requestAt: path) else {
      throw ServiceError.invalidArgument(.tokenInUse)
    }
    sessions[sessionPath]?.used = true
    requests[path] = PendingRequest(owner: call.sender, session: sessionPath)
    let question = ConsentQuestion.webSignIn(
      caller: caller, host: url.host ?? "", parentWindow: parent, activationToken: activation)
    let listener = session.listener
    let ticket = await consent.reserve()
    let task = Task {
      await self.signIn(request: path, url: url, question: question, ticket: ticket, listener: listener)
    }
    // Ended while it took its place (Close, the caller leaving): the task only gives the place back.
    if requests[path] == nil { task.cancel() } else { requests[path]?.task = task }
    return [.objectPath(path)]
  }

  /// Only https, or http on the loopback interface (the rule for endpoints, `EndpointPolicy`).
  static func openableURL(_ text: String) throws -> URL {
    guard let url = URL(string: text), EndpointPolicy.isAllowed(url), url.user == nil, url.password == nil else {
      throw ServiceError.invalidArgument(.url)
    }
    return url
  }

  /// The URL's `redirect_uri`, when it has one, must be this session's: never another session's
  /// listener or anywhere else.
  static func checkRedirect(of url: URL, against redirectURI: URL) throws {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    for item in items where item.name == "redirect_uri" {
      guard item.value == redirectURI.absoluteString else { throw ServiceError.invalidArgument(.redirectOfAnotherURI) }
    }
  }

  /// The request's work: consent, the browser, the redirect. Cancelled (Close, CloseSession, the caller
  /// leaving) it sends no Response.
  private func signIn(
    request path: String, url: URL, question: ConsentQuestion, ticket: UUID, listener: any BoundRedirectListener
  ) async {
    guard let decision = await consent.ask(question, ticket: ticket) else { return }
    guard decision == .allow, !Task.isCancelled else {
      if !Task.isCancelled { await finish(path, code: 1, results: [:], outcome: .declined) }
      return await consent.release(ticket)
    }
    await consent.release(ticket)
    do {
      try await options.browser.open(url)
    } catch {
      return await finish(path, code: 2, results: [:], outcome: nil)
    }
    let timeout = options.redirectTimeout
    let redirect = await withTaskGroup(of: URL?.self) { group in
      group.addTask { try? await listener.redirect() }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      if first == nil { await listener.close() }
      group.cancelAll()
      return first
    }
    guard !Task.isCancelled else { return }
    guard let redirect else { return await finish(path, code: 2, results: [:], outcome: nil) }
    await finish(path, code: 0, results: ["uri": .string(redirect.absoluteString)], outcome: .signedIn)
  }

  /// Sends the Response to the request's caller, then removes the request and closes its session's
  /// listener (the browser's page says `outcome`).
  private func finish(_ path: String, code: UInt32, results: [String: BusValue], outcome: RedirectOutcome?) async {
    guard let request = requests.removeValue(forKey: path) else { return }
    bus?.emitResponse(at: path, to: request.owner, code: code, results: results)
    await bus?.unexport(path)
    if let session = request.session { await sessions[session]?.listener.close(answering: outcome) }
  }

  /// `CloseSession(o)`: the creator ends its session (and the request using it, with no Response).
  func closeSession(_ call: BusCall) async throws {
    guard case .objectPath(let path) = call.arguments.first, let session = sessions[path] else {
      throw ServiceError.invalidArgument(.noSuchSession)
    }
    guard session.owner == call.sender else { throw ServiceError.accessDenied(.notYourSession) }
    await endSession(path)
  }

  /// `Request1.Close()`: the caller cancels its request; no Response follows.
  func closeRequest(_ call: BusCall) async throws {
    guard let request = requests[call.objectPath] else { return }
    guard request.owner == call.sender else { throw ServiceError.accessDenied(.notYourSession) }
    await endRequest(call.objectPath)
  }

  func endSession(_ path: String) async {
    guard let session = sessions.removeValue(forKey: path) else { return }
    for (request, pending) in requests where pending.session == path { await endRequest(request) }
    await session.listener.close()
  }

  func endRequest(_ path: String) async {
    guard let request = requests.removeValue(forKey: path) else { return }
    request.task?.cancel()
    await bus?.unexport(path)
    if let session = request.session { await sessions[session]?.listener.close() }
  }
}
