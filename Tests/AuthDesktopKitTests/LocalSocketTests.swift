import CGio
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AuthDesktopKit

/// The token agent's own socket (docs/architecture.md, "The token agent"): one request, one answer,
/// only between processes of the same user, in a folder only that user can enter.
@Suite struct LocalSocketTests {
  /// A new folder for a socket (not made: the service makes it), and the socket's path in it.
  static func place() -> (folder: String, path: String) {
    let folder = "/tmp/auth-socket-\(UUID().uuidString.prefix(8))"
    return (folder, folder + "/agent")
  }

  /// The requests a handler saw.
  final class Seen: Sendable {
    private let requests = Mutex<[String]>([])
    var all: [String] { requests.withLock { $0 } }
    func add(_ request: String) { requests.withLock { $0.append(request) } }
  }

  /// Answers "answer to REQUEST", or nothing to "none".
  static func echo(_ seen: Seen = Seen()) -> LocalSocketService.Handler {
    { request in
      seen.add(request)
      return request == "none" ? nil : "answer to \(request)"
    }
  }

  /// `LocalSocketCall.call` blocks until the answer, which the service's handler makes on Swift's
  /// cooperative pool: the call waits on a Dispatch thread (`offThePool`), and for as long as a pool busy
  /// with the whole suite's start may take to run the handler.
  static func call(_ path: String, _ request: String, serviceUID: uid_t = getuid()) async throws
    -> LocalSocketCall.Outcome
  {
    try await offThePool {
      LocalSocketCall.call(path: path, request: request, timeoutSeconds: 30, serviceUID: serviceUID)
    }
  }

  @Test func aCallGetsTheHandlersAnswerOrNone() async throws {
    let (folder, path) = Self.place()
    let seen = Seen()
    let service = try #require(LocalSocketService.start(path: path, handler: Self.echo(seen)))
    defer { service.stop() }
    #expect(try await Self.call(path, "one") == .answered("answer to one"))
    #expect(try await Self.call(path, "none") == .answered(nil))
    #expect(seen.all == ["one", "none"])
    #expect(try fileMode(folder) == 0o700)
    #expect(try fileMode(path) == 0o600)
  }

  @Test func nothingListeningIsUnreachableAndStopRemovesTheSocket() async throws {
    let (_, path) = Self.place()
    #expect(try await Self.call(path, "one") == .unreachable)
    let service = try #require(LocalSocketService.start(path: path, handler: Self.echo()))
    service.stop()
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try await Self.call(path, "one") == .unreachable)
  }

  /// A listener that has gone (a killed agent leaves its file) is replaced; a live one is left alone,
  /// and a service that stops leaves a file that is no longer its own.
  @Test func aLeftSocketIsReplacedButALiveOneIsNot() async throws {
    let (folder, path) = Self.place()
    #expect(mkdir(folder, 0o700) == 0)
    let gone = try #require(LocalSocket.newSocket())
    let address = LocalSocket.address(path)
    #expect((try? withGError { g_socket_bind(gone, address, 0, $0) }) == 1)
    g_object_unref(UnsafeMutableRawPointer(address))
    g_object_unref(UnsafeMutableRawPointer(gone))
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try await Self.call(path, "one") == .unreachable)

    let first = try #require(LocalSocketService.start(path: path, handler: Self.echo()))
    #expect(LocalSocketService.start(path: path, handler: Self.echo()) == nil)
    #expect(try await Self.call(path, "one") == .answered("answer to one"))

    // Another file took the path: stopping leaves it.
    try FileManager.default.removeItem(atPath: path)
    #expect(FileManager.default.createFile(atPath: path, contents: Data("other".utf8)))
    first.stop()
    #expect(FileManager.default.contents(atPath: path) == Data("other".utf8))
  }

  @Test func aFolderOthersCanEnterIsNotUsed() async throws {
    let (folder, path) = Self.place()
    #expect(mkdir(folder, 0o755) == 0)
    chmod(folder, 0o755)
    #expect(LocalSocketService.start(path: path, handler: Self.echo()) == nil)
    #expect(try await Self.call(path, "one") == .unreachable)
  }

  @Test func aCallerOfAnotherUserGetsNoAnswer() async throws {
    let (_, path) = Self.place()
    let seen = Seen()
    let service = try #require(
      LocalSocketService.start(path: path, handler: Self.echo(seen), callerUID: getuid() &+ 1))
    defer { service.stop() }
    #expect(try await Self.call(path, "one") == .answered(nil))
    #expect(seen.all.isEmpty)
  }

  @Test func aServiceOfAnotherUserIsNotAsked() async throws {
    let (_, path) = Self.place()
    let seen = Seen()
    let service = try #require(LocalSocketService.start(path: path, handler: Self.echo(seen)))
    defer { service.stop() }
    let outcome = try await Self.call(path, "one", serviceUID: getuid() &+ 1)
    #expect(outcome == .unreachable)
    #expect(seen.all.isEmpty)
  }

  @Test func aRequestOverTheLimitGetsNoAnswer() async throws {
    let (_, path) = Self.place()
    let seen = Seen()
    let service = try #require(LocalSocketService.start(path: path, handler: Self.echo(seen)))
    defer { service.stop() }
    let large = String(repeating: "x", count: LocalSocket.limit + 1)
    #expect(try await Self.call(path, large) == .answered(nil))
    #expect(seen.all.isEmpty)
  }

  @Test func aPathTooLongForASocketIsNotUsed() async throws {
    let path = "/tmp/" + String(repeating: "d", count: 110) + "/agent"
    #expect(!LocalSocket.fits(path))
    #expect(LocalSocketService.start(path: path, handler: Self.echo()) == nil)
    #expect(try await Self.call(path, "one") == .unreachable)
  }
}
