import AuthEmulator
import Foundation

@testable import AuthEngine

/// The built-in emulator's request handling (`EmulatorRouter.handle`): the provider emulator and the
/// Identity Toolkit emulator behind one port. The input is a request as text: `METHOD TARGET`, header
/// lines, an empty line, the body. One emulator serves every input, so state carries over as it
/// would in a running emulator.
enum EmulatorRequestHarness {
  static let base = URL(string: "http://127.0.0.1:9399")!
  /// The built-in emulator, with the cheap password hashing its tests use (a sign-up would otherwise
  /// spend most of an input's time in scrypt).
  static let router: EmulatorRouter = {
    let providers = ProviderEmulator(
      baseURL: base, identity: FuzzFixtures.identity, configuration: nil, identities: InMemoryEmulatorIdentityStore())
    var project = IdentityToolkitProject(configuration: nil, emulatorBaseURL: base, identity: FuzzFixtures.identity)
    project.passwordCost = .testing
    return EmulatorRouter(
      providers: providers,
      identityToolkit: IdentityToolkitEmulator(provider: providers, project: project, storage: .memory))
  }()

  static func request(_ data: Data) -> HTTPRequest? {
    let text = String(decoding: data, as: UTF8.self)
    let (head, body) =
      text.range(of: "\n\n").map { (String(text[..<$0.lowerBound]), Data(text[$0.upperBound...].utf8)) }
      ?? (text, Data())
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { return nil }
    let first = lines.removeFirst().split(separator: " ", maxSplits: 1).map(String.init)
    guard first.count == 2, let url = URL(string: base.absoluteString + first[1]) else { return nil }
    let headers = lines.compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return HTTPRequest(method: first[0], url: url, headers: headers, body: body.isEmpty ? nil : body)
  }

  static func run(_ data: Data) async {
    guard let request = request(data) else { return }
    _ = await router.handle(request)
  }
}
