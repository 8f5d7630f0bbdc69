import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// `RequestAccount(s parent_window, s provider, as scopes, a{sv} options) → o request`: the user chooses
/// which signed-in account of that provider the app may use (or adds one), and Allow stores the grant
/// (`Auth.grant`). Scopes the account's token does not hold yet are asked of the provider after Allow:
/// a browser sign-in that reauthenticates that account for the union of its scopes and the new ones.
extension AccountsService {
  func requestAccount(_ call: BusCall, caller: CallerIdentity) async throws -> [BusValue] {
    guard call.arguments.count == 4, case .string(let parentText) = call.arguments[0],
      case .string(let providerID) = call.arguments[1], case .strings(let asked) = call.arguments[2]
    else { throw ServiceError.invalidArgument(.option("arguments")) }
    guard parentText.utf8.count <= 300, let parent = ParentWindow(parentText) else {
      throw ServiceError.invalidArgument(.parentWindow)
    }
    guard providerID.utf8.count <= Self.maximumProvider else {
      throw ServiceError.invalidArgument(.tooLong("provider"))
    }
    let scopes = try Self.scopes(asked)
    let given = Self.dictionary(call, at: 3)
    let token = try Self.stringOption(given, "handle_token", limit: 64) ?? nextToken()
    guard AccountsBus.isValidToken(token) else { throw ServiceError.invalidArgument(.option("handle_token")) }
    let activation = try Self.stringOption(given, "activation_token")
    let auth = try await requireAuth()
    let configuration = await auth.configuration
    guard providerID != "password", configuration.providerIDs.contains(providerID) else {
      throw ServiceError.invalidArgument(.provider)
    }
    // Scopes no sign-in can grant would send the user to the provider at every request (the token
    // never holds them): refused before any question, like any argument.
    guard scopes.isEmpty || configuration.hasScopes(providerID) else {
      throw ServiceError.invalidArgument(.noScopes(providerID))
    }
    // As many waiting account requests per caller as sessions: an app cannot queue question after question.
    guard
      requests.values.filter({ $0.owner == call.sender && $0.session == nil }).count
        < options.maximumSessionsPerCaller
    else { throw ServiceError.failed(.tooManySessions) }
    let path = AccountsBus.requestPath(sender: call.sender, token: token)
    guard requests[path] == nil, let bus, await bus.export(requestAt: path) else {
      throw ServiceError.invalidArgument(.tokenInUse)
    }
    requests[path] = PendingRequest(owner: call.sender, session: nil)
    let ask = AccountAsk(
      caller: caller, providerID: providerID, scopes: scopes, parent: parent, activation: activation, auth: auth)
    let ticket = await consent.reserve()
    let task = Task { await self.share(request: path, ask, ticket: ticket) }
    if requests[path] == nil { task.cancel() } else { requests[path]?.task = task }
    return [.objectPath(path)]
  }

  /// At most `maximumScopes`, each a scope token of RFC 6749 §3.3 (printable ASCII but space, `"` and
  /// `\`) of at most `maximumScope` bytes; each kept once, in order.
  static func scopes(_ asked: [String]) throws -> [String] {
    guard asked.count <= maximumScopes else { throw ServiceError.invalidArgument(.tooManyScopes) }
    for scope in asked {
      guard (1...maximumScope).contains(scope.utf8.count),
        scope.utf8.allSatisfy({ $0 == 0x21 || (0x23...0x5B).contains($0) || (0x5D...0x7E).contains($0) })
      else { throw ServiceError.invalidArgument(.scope) }
    }
    return AppGrant.union(asked, [])
  }

  /// The request's work: the question (again after "Add account", with the new account first), then
  /// the grant. Cancelled (Close, the caller leaving) it sends no Response and stores nothing.
  private func share(request path: String, _ ask: AccountAsk, ticket: UUID) async {
    var added: String?
    while true {
      let question = ConsentQuestion.account(
        caller: ask.caller, question: await ask.question(first: added), parentWindow: ask.parent,
        activationToken: ask.activation)
      guard let decision = await consent.ask(question, ticket: ticket) else { return }
      guard !Task.isCancelled else { return await consent.release(ticket) }
      switch decision {
      case .allowAccount(let uid) where question.account?.candidates.contains(where: { $0.uid == uid }) == true:
        await consent.release(ticket)
        return await finishGrant(path, ask, uid: uid)
      case .addAccount:
        // The place in the queue is kept: the question comes back before any other app's.
        guard let uid = try? await signIn(ask, account: nil) else {
          await consent.release(ticket)
          return await finishAccount(path, code: Task.isCancelled ? nil : 2, results: [:])
        }
        added = uid
      default:
        await finishAccount(path, code: 1, results: [:])
        return await consent.release(ticket)
      }
    }
  }

  /// After Allow: the provider's consent for scopes the token lacks, then the grant and the Response.
  private func finishGrant(_ path: String, _ ask: AccountAsk, uid: String) async {
    do {
      let held = (try? await ask.auth.heldScopes(providerID: ask.providerID, uid: uid)) ?? []
      if !Set(ask.scopes).isSubset(of: Set(held)) { _ = try await signIn(ask, account: uid, holding: held) }
      guard !Task.isCancelled else { return }
      let earlier = try await ask.auth.appGrants(forApp: ask.caller.appKey).first {
        $0.uid == uid && $0.providerID == ask.providerID
      }
      let grant = AppGrant(
        app: ask.caller.appKey, appName: ask.caller.displayName, uid: uid, providerID: ask.providerID,
        scopes: AppGrant.union(earlier?.scopes ?? [], ask.scopes), grantedAt: Date())
      guard !Task.isCancelled else { return }
      try await ask.auth.grant(grant)
      guard let user = try await ask.auth.signedInUser(uid: uid) else { throw ServiceError.noSuchAccount }
      await finishAccount(path, code: 0, results: Self.results(grant, user: user))
    } catch {
      DesktopAuth.logger().notice("an account request failed: \(error)")
      await finishAccount(path, code: Task.isCancelled ? nil : 2, results: [:])
    }
  }

  /// A browser sign-in at the provider: a new account (`account` nil), or `account` reauthenticated for
  /// the scopes it holds and the ones asked. Returns the account's uid.
  private func signIn(_ ask: AccountAsk, account: String?, holding held: [String] = []) async throws -> String {
    var provider = OAuthProvider(providerID: ask.providerID)
    provider.scopes = AppGrant.union(held, ask.scopes)
    let session = try await ask.auth.startSignIn(
      provider, intent: account == nil ? .signIn : .reauthenticate, account: account, browser: options.browser,
      redirect: .loopback(options.listener), timeout: options.redirectTimeout)
    return try await withTaskCancellationHandler {
      try await session.result().user.uid
    } onCancel: {
      Task { await session.cancel() }
    }
  }

  /// Sends the Response (none when `code` is nil: the request was cancelled) and removes the request.
  private func finishAccount(_ path: String, code: UInt32?, results: [String: BusValue]) async {
    guard let request = requests.removeValue(forKey: path) else { return }
    if let code { bus?.emitResponse(at: path, to: request.owner, code: code, results: results) }
    await bus?.unexport(path)
  }
}

/// One `RequestAccount`: who asks, for what, over which window, with which accounts.
struct AccountAsk: Sendable {
  let caller: CallerIdentity
  let providerID: String
  let scopes: [String]
  let parent: ParentWindow
  let activation: String?
  let auth: Auth

  /// The question's account part: the signed-in accounts that have the provider, `first` first.
  func question(first: String?) async -> AccountQuestion {
    let users = (try? await auth.signedInUsers().users) ?? []
    var candidates = users.filter { $0.providerData.contains { $0.providerID == providerID } }
      .map { ConsentAccount($0, providerID: providerID) }
    if let index = candidates.firstIndex(where: { $0.uid == first }) {
      candidates.insert(candidates.remove(at: index), at: 0)
    }
    let name = await auth.configuration.providerTable.displayName(for: providerID) ?? providerID
    return AccountQuestion(providerID: providerID, providerName: name, scopes: scopes, candidates: candidates)
  }
}
