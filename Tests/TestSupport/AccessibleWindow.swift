import Foundation
import Testing

/// A running window seen the way assistive technologies see it: its on-screen accessible nodes read
/// over AT-SPI, and buttons activated by their accessible names (`Tests/Tools/atspi.py`, run with the
/// system python3, which has python3-gi and gir1.2-atspi-2.0).
public struct AccessibleWindow {
  public struct Node: Equatable, Sendable, CustomStringConvertible {
    public var role: String
    public var name: String
    public var description: String { "\(role) \"\(name)\"" }

    public init(role: String, name: String) {
      self.role = role
      self.name = name
    }
  }

  public static let tool = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/atspi.py")

  public let pid: Int32

  public init(pid: Int32) { self.pid = pid }

  /// The nodes on screen now; empty while the application has not registered with AT-SPI.
  public func nodes() throws -> [Node] {
    let result = try Self.run(["showing", String(pid)])
    guard result.status == 0 else { return [] }
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]] ?? []
    return rows.map { Node(role: $0[0], name: $0[1]) }
  }

  public func shows(_ role: String, _ name: String) -> Bool {
    (try? nodes())?.contains(Node(role: role, name: name)) == true
  }

  /// Waits (up to 30 s) until `condition` holds for the nodes on screen.
  public func waitUntil(_ what: String, _ condition: ([Node]) -> Bool) async throws {
    var last: [Node] = []
    for _ in 0..<150 {
      last = (try? nodes()) ?? []
      if condition(last) { return }
      try await Task.sleep(for: .milliseconds(200))
    }
    Issue.record("timed out waiting for \(what); on screen: \(last.filter { !$0.name.isEmpty })")
    throw CancellationError()
  }

  public func waitFor(_ role: String, _ name: String) async throws {
    try await waitUntil("\(role) \"\(name)\"") { $0.contains(Node(role: role, name: name)) }
  }

  /// Clicks the on-screen button (or other `role`) whose accessible name is `name` (AT-SPI's first action).
  public func activate(_ name: String, role: String = "push button") async throws {
    try await waitFor(role, name)
    let result = try Self.run(["activate", String(pid), name])
    #expect(result.status == 0, "AT-SPI could not activate \(name): \(result.output)")
  }

  /// Replaces the text of the on-screen editable field named `name` (AT-SPI's EditableText), as a
  /// screen reader user's typing would.
  public func type(_ name: String, _ text: String) async throws {
    try await waitUntil("an editable field \"\(name)\"") { $0.contains(Node(role: "text", name: name)) }
    let result = try Self.run(["type", String(pid), name, text])
    #expect(result.status == 0, "AT-SPI could not type into \(name): \(result.output)")
  }

  /// Presses `key` (`Escape`, `Return`, `Tab`) on the keyboard into this window (XTest).
  public func press(_ key: String) throws {
    let result = try Self.run(["key", String(pid), key])
    #expect(result.status == 0, "AT-SPI could not press \(key): \(result.output)")
  }

  private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [tool.path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
