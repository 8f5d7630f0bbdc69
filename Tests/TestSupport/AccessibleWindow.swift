import Foundation
import Testing

/// A running window seen the way assistive technologies see it: its on-screen accessible nodes read
/// over AT-SPI, and buttons activated by their accessible names (`Tests/Tools/atspi.py`, run with the
/// system python3, which has python3-gi and gir1.2-atspi-2.0).
public struct AccessibleWindow: Sendable {
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
  public func nodes() async throws -> [Node] {
    let result = try await Self.run(["showing", String(pid)])
    guard result.status == 0 else { return [] }
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]] ?? []
    return rows.map { Node(role: $0[0], name: $0[1]) }
  }

  public func shows(_ role: String, _ name: String) async -> Bool {
    (try? await nodes())?.contains(Node(role: role, name: name)) == true
  }

  /// Waits (up to 30 s, with `Poll`) until `condition` holds for the nodes on screen; on timeout the
  /// issue lists what was on screen.
  public func waitUntil(_ what: String, _ condition: ([Node]) -> Bool) async throws {
    var last: [Node] = []
    do {
      try await Poll.until(what, within: .seconds(30), every: .milliseconds(200)) {
        last = (try? await nodes()) ?? []
        return condition(last)
      }
    } catch let timeout as Poll.Timeout {
      Issue.record("on screen: \(last.filter { !$0.name.isEmpty })")
      throw timeout
    }
  }

  public func waitFor(_ role: String, _ name: String) async throws {
    try await waitUntil("\(role) \"\(name)\"") { $0.contains(Node(role: role, name: name)) }
  }

  /// Clicks the on-screen button (or other `role`) whose accessible name is `name` (AT-SPI's first action).
  /// With `onlyRole`, only a node of that role: GTK 4.8 gives labels actions (copy) too, and a label
  /// of the same name earlier in the window would take the click.
  public func activate(_ name: String, role: String = "push button", onlyRole: Bool = false) async throws {
    try await waitFor(role, name)
    let result = try await Self.run(["activate", String(pid), name] + (onlyRole ? [role] : []))
    #expect(result.status == 0, "AT-SPI could not activate \(name): \(result.output)")
  }

  /// Replaces the text of the on-screen editable field named `name` (AT-SPI's EditableText), as a
  /// screen reader user's typing would.
  public func type(_ name: String, _ text: String) async throws {
    try await waitUntil("an editable field \"\(name)\"") { $0.contains(Node(role: "text", name: name)) }
    let result = try await Self.run(["type", String(pid), name, text])
    #expect(result.status == 0, "AT-SPI could not type into \(name): \(result.output)")
  }

  /// Presses `key` (`Escape`, `Return`, `Tab`, `F10`) on the keyboard into this window (XTest).
  public func press(_ key: String) async throws {
    let result = try await Self.run(["key", String(pid), key], errors: true)
    #expect(result.status == 0, "AT-SPI could not press \(key): \(result.output)")
  }

  /// Where the on-screen nodes named `name` are (x, y, width, height in the window's coordinates).
  public func extents(_ name: String) async throws -> [[Int]] {
    let result = try await Self.run(["extents", String(pid), name])
    guard result.status == 0 else { return [] }
    return try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[Int]] ?? []
  }

  /// The on-screen node with the keyboard focus, if any.
  public func focused() async throws -> Node? {
    let result = try await Self.run(["focused", String(pid)])
    guard result.status == 0 else { return nil }
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]] ?? []
    return rows.first.map { Node(role: $0[0], name: $0[1]) }
  }

  /// The on-screen nodes that are pressed or checked (a toggle button that is on).
  public func pressed() async throws -> [Node] {
    let result = try await Self.run(["pressed", String(pid)])
    guard result.status == 0 else { return [] }
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]] ?? []
    return rows.map { Node(role: $0[0], name: $0[1]) }
  }

  /// The on-screen nodes that have an accessible description, with it.
  public func descriptions() async throws -> [(node: Node, description: String)] {
    let result = try await Self.run(["described", String(pid)])
    guard result.status == 0 else { return [] }
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]] ?? []
    return rows.map { (Node(role: $0[0], name: $0[1]), $0[2]) }
  }

  /// Runs the tool with the system python3 (`Tool`); stdout only (stderr is discarded) unless `errors`.
  private static func run(_ arguments: [String], errors: Bool = false) async throws -> (status: Int32, output: String) {
    try await Tool.run("/usr/bin/python3", [tool.path] + arguments, errors: errors, within: .seconds(60))
  }
}
