import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// AuthDesktop's session-bus service (`AccountsBus`): the caller identified from the bus, the user's
/// consent one question at a time, and the interfaces' methods. The window's process hosts it
/// (docs/architecture.md, "The session-bus service"); tests run it on a bus of their own.
public actor AccountsService {
  public struct Options: Sendable {
    public var consent: any ConsentProvider
    public var browser: any BrowserLauncher
    public var listener: any RedirectListener
    /// Whose processes are answered: this process's user.
    public var userID: UInt32 = getuid()
    /// Where processes are looked at (`CallerIdentity.resolving`).
    public var proc = "/proc"
    /// How long a web sign-in waits for its redirect.
    public var redirectTimeout: Duration = .seconds(600)
    public var maximumSessionsPerCaller = 8
    /// Told when the service becomes busy (a session or request is open) and idle again: its host keeps
    /// the process alive meanwhile (`g_application_hold`).
    public var activity: (@Sendable (Bool) -> Void)?
    /// Told of each call the own command line makes: its host keeps the process a while longer.
    public var used: (@Sendable () -> Void)?
    /// AuthDesktop's own command line, which needs no grant (`isOwnCommand`): `auth-desktop-cli` beside
    /// this process's executable; nil serves no command.
    public var ownCommand: String? = OwnCommandAuths.commandBesideThisExecutable
    /// The user's accounts the `Accounts1` methods share (`AccountsSource`: the window's `Auth`, not yet,
    /// or why there is none); nil offers no `Accounts1` (its methods fail).
    public var accounts: (@Sendable () async -> AccountsSource)?
    /// How long an `Accounts1` call waits for a store that is still opening (`AccountsSource.opening`).
    public var storeWait: Duration = .seconds(10)

    public init(consent: any ConsentProvider, browser: any BrowserLauncher, listener: any RedirectListener) {
      self.consent = consent
      self.browser = browser
      self.listener = listener
    }
  }

  let options: Options
  let consent: ConsentQueue
  private(set) var bus: ServiceBus?
  let ownCommandAuths = OwnCommandAuths()
  private var callers: [String: CallerIdentity] = [:]
  var sessions: [String: WebSession] = [:] { didSet { noteActivity() } }
  var requests: [String: PendingRequest] = [:] { didSet { noteActivity() } }
  private var busy = false
  private var counter = 0

  init(options: Options) {
    self.options = options
    consent = ConsentQueue(provider: options.consent)
  }

  /// Starts serving on the session bus (or the bus at `address`) under `AccountsBus.busName`.
  public static func start(address: String? = nil, options: Options) async throws -> AccountsService {
    let service = AccountsService(options: options)
    let bus = try await ServiceBus.start(
      address: address, handler: { [service] call in await service.handle(call) },
      vanished: { [service] name in Task { await service.callerLeft(name) } })
    await service.attach(bus)
    await bus.ownName()
    return service
  }

  private func attach(_ bus: ServiceBus) { self.bus = bus }

  /// Ends when another process took the name (or it could not be had).
  public var nameLost: AsyncStream<Void> { bus?.nameLost ?? AsyncStream { $0.finish() } }

  /// Whether the bus connection closed (the session ended), once `nameLost` has ended.
  public var busClosed: Bool { bus?.isClosed ?? true }

  /// Ends every session and request and leaves the bus.
  public func stop() async {
    for path in sessions.keys { await endSession(path) }
    for path in requests.keys { await endRequest(path) }
    await bus?.stop()
    bus = nil
  }

  /// What is open (tests: nothing is left behind).
  public var openSessions: Int { sessions.count }
  public var openRequests: Int { requests.count }
  public var exportedRequestObjects: Int { bus?.exportedRequests ?? 0 }

  func handle(_ call: BusCall) async -> BusReply {
    guard bus != nil else { return .error(.failed(.notAvailable)) }
    let caller: CallerIdentity
    switch await identify(call.sender, desktopEntry: !Self.isOwnCommandCall(call)) {
    case .success(let identity): caller = identity
    case .failure(let error): return .error(error)
    }
    do {
      switch (call.interface, call.method) {
      case (AccountsBus.webAuthenticationInterface, "CreateSession"):
        return .values(try await createSession(call, caller: caller))
      case (AccountsBus.webAuthenticationInterface, "Authenticate"):
        return .values(try await authenticate(call, caller: caller))
      case (AccountsBus.webAuthenticationInterface, "CloseSession"):
        try await closeSession(call)
        return .values([])
      case (AccountsBus.accountsInterface, "GetAccessToken"), (AccountsBus.accountsInterface, "GetIdToken"):
        // AuthDesktop's own command line needs no grant (AccountsService+OwnCommands); any other caller's grants decide.
        if let answer = try await ownCommand(call, caller: caller) { return .values(answer) }
        return .values(try await grantedToken(call, caller: caller))
      case (AccountsBus.accountsInterface, "RequestAccount"):
        return .values(try await requestAccount(call, caller: caller))
      case (AccountsBus.accountsInterface, "ListAccounts"):
        return .values(try await listAccounts(caller: caller))
      case (AccountsBus.accountsInterface, "Release"):
        try await release(call, caller: caller)
        return .values([])
      case (AccountsBus.requestInterface, "Close"):
        try await closeRequest(call)
        return .values([])
      default: return .error(.failed(.notAvailable))
      }
    } catch let error as ServiceError {
      return .error(error)
    } catch {
      DesktopAuth.logger().debug("\(call.method): failed (\(error))")
      return .error(.failed(.notAvailable))
    }
  }

  /// The caller as the bus and the kernel say, once per connection (a unique name is never reused). Without
  /// `desktopEntry` (the own command line's calls, which need no name to show) the identity is not kept.
  private func identify(_ sender: String, desktopEntry: Bool) async -> Result<CallerIdentity, ServiceError> {
    if let known = callers[sender] { return .success(known) }
    guard let bus, let credentials = await bus.credentials(of: sender) else {
      return .failure(.accessDenied(.unknownCaller))
    }
    guard credentials.userID == options.userID else { return .failure(.accessDenied(.otherUser)) }
    let proc = options.proc
    let resolved = try? await OffThePool.run {
      CallerIdentity.resolving(
        processID: credentials.processID, userID: credentials.userID, proc: proc, desktopEntry: desktopEntry)
    }
    let identity: CallerIdentity
    switch resolved {
    case .success(let found): identity = found
    case .failure(let why):
      DesktopAuth.logger().warning("no identity for \(sender), process \(credentials.processID): \(why)")
      return .failure(.accessDenied(.unknownCaller))
    case nil: return .failure(.accessDenied(.unknownCaller))
    }
    if desktopEntry { callers[sender] = identity }
    return .success(identity)
  }

  /// The caller's identity, as the service sees it (tests; nil before its first call).
  public func identity(of sender: String) -> CallerIdentity? { callers[sender] }

  /// A caller left the bus: its sessions and requests end, with no Response (nobody to receive it).
  func callerLeft(_ name: String) async {
    callers[name] = nil
    // Every one of its tasks is cancelled before any is ended: ending one lets the queue show the next
    // question, which must not be another of this caller's.
    for request in requests.values where request.owner == name { request.task?.cancel() }
    for (path, request) in requests where request.owner == name { await endRequest(path) }
    for (path, session) in sessions where session.owner == name { await endSession(path) }
  }

  private func noteActivity() {
    let now = !sessions.isEmpty || !requests.isEmpty
    guard now != busy else { return }
    busy = now
    options.activity?(now)
  }

  /// A new token for a path when the caller gave none.
  func nextToken() -> String {
    counter += 1
    return "authdesktop\(counter)"
  }

  /// Reads an optional string option of at most `limit` bytes; refuses another type or a longer string.
  static func stringOption(_ options: [String: BusValue], _ name: String, limit: Int = 256) throws -> String? {
    guard let value = options[name] else { return nil }
    guard case .string(let text) = value else { throw ServiceError.invalidArgument(.option(name)) }
    guard text.utf8.count <= limit else { throw ServiceError.invalidArgument(.tooLong(name)) }
    return text
  }

  /// The `a{sv}` argument at `index`.
  static func dictionary(_ call: BusCall, at index: Int) -> [String: BusValue] {
    guard call.arguments.indices.contains(index), case .dictionary(let values) = call.arguments[index] else {
      return [:]
    }
    return values
  }
}
