import Foundation
import Testing

/// Runs the built `auth-desktop` binary (next to the test bundle) in a private config and data dir.
public struct CLIRunner: Sendable {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]) ?? [:]
    }
    /// The last line of stdout as a JSON object (a waiting `sign-in --json` prints its result last).
    public var lastLineJSON: [String: Any]? {
      stdout.split(separator: "\n").last.flatMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }
  }

  /// How long a command may run before a test gives up on it (`ProcessOutput`).
  public static let limit = Duration.seconds(180)

  public static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("auth-desktop")

  public let root = FileManager.default.temporaryDirectory.appendingPathComponent("auth-cli-\(UUID().uuidString)")
  /// The `auth-desktop` it runs: `binary`, or a copy elsewhere (`installedCopy(in:)`).
  public var executable = Self.binary
  /// The commands' working directory (the test process's when nil): what `[[accounts]]` rules match.
  public var workingDirectory: URL?
  public var configFile: URL { root.appendingPathComponent("config.toml") }
  public var dataDirectory: URL { root.appendingPathComponent("data") }
  /// What points `auth-desktop` at this runner's config file and data dir (for processes the desktop
  /// starts, such as the one `xdg-open` runs for a redirect).
  public var environment: [String: String] {
    ["AUTH_DESKTOP_CONFIG": configFile.path, "AUTH_DESKTOP_DATA_DIR": dataDirectory.path]
  }

  /// `configuration` is written to the config file; secrets go to files so no keyring is needed.
  public init(configuration: String = "") throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data(("[app]\nsecret_store = \"file\"\n" + configuration).utf8).write(to: configFile)
  }

  /// `auth-desktop ARGUMENTS` with this runner's config file and data dir.
  public func makeProcess(_ arguments: [String], environment extra: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(extra) { $1 }
    return process
  }

  /// Runs the command to its end (off the cooperative pool, see `offThePool`).
  public func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:])
    async throws -> Result
  {
    try await offThePool { try runBlocking(arguments, stdin: stdin, environment: extra) }
  }

  private func runBlocking(_ arguments: [String], stdin: String?, environment extra: [String: String]) throws
    -> Result
  {
    let process = makeProcess(arguments, environment: extra)
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    return try Self.result(of: process, output: output, errors: errors)
  }

  /// The end of `process` (a command started by this runner): its status and all it writes to `output`
  /// (after `before`, what was read of it already) and to `errors`, within `limit`.
  static func result(of process: Process, output: Pipe, errors: Pipe, before: Data = Data()) throws -> Result {
    let read = try ProcessOutput.collect(
      process, outputs: [output.fileHandleForReading, errors.fileHandleForReading], within: limit,
      what: "auth-desktop \(process.arguments?.joined(separator: " ") ?? "")")
    return Result(
      status: process.terminationStatus, stdout: String(decoding: before + read[0], as: UTF8.self),
      stderr: String(decoding: read[1], as: UTF8.self))
  }
}

extension CLIRunner {
  /// This runner with its own copy of `auth-desktop` (the launcher and the command line it starts,
  /// `auth-desktop-cli`) in `folder` (under its root; the name may hold spaces), as a user who unpacked a
  /// portable copy there has.
  public func installedCopy(in folder: String) throws -> CLIRunner {
    let directory = root.appendingPathComponent(folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in ["auth-desktop", "auth-desktop-cli"] { try Self.placeProgram(name, in: directory) }
    var runner = self
    runner.executable = directory.appendingPathComponent("auth-desktop")
    return runner
  }

  /// Puts the build's program `name` in `directory`: a hard link, of the build's file or of the copy
  /// `scripts/test` made on the temporary directory's file system before the test process started
  /// (`AUTH_DESKTOP_TEST_PROGRAMS`). A link is never open for writing; a copy made here is, and a
  /// process that another test forks meanwhile holds it open and makes running it fail ("Text file
  /// busy"), so a copy is the last resort.
  public static func placeProgram(_ name: String, in directory: URL) throws {
    let destination = directory.appendingPathComponent(name)
    var sources = [binary.deletingLastPathComponent().appendingPathComponent(name)]
    if let programs = ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_PROGRAMS"] {
      sources.append(URL(fileURLWithPath: programs).appendingPathComponent(name))
    }
    for source in sources where (try? FileManager.default.linkItem(at: source, to: destination)) != nil { return }
    try FileManager.default.copyItem(at: sources[0], to: destination)
  }
}

extension CLIRunner {
  /// A command left running: its first stdout line can be read while it waits.
  public final class Running: @unchecked Sendable {
    public let process: Process
    public let output: Pipe
    public let errors: Pipe
    private var buffer = Data()

    init(process: Process, output: Pipe, errors: Pipe) {
      self.process = process
      self.output = output
      self.errors = errors
    }

    /// The first line of its stdout, once written (or nil when it ended without one).
    public func firstLine() async throws -> Substring? {
      try await offThePool { self.readFirstLine() }
    }

    private func readFirstLine() -> Substring? {
      buffer = output.fileHandleForReading.read(until: { $0.contains(UInt8(ascii: "\n")) }, after: buffer)
      return String(decoding: buffer, as: UTF8.self).split(separator: "\n").first
    }

    /// Waits for it to end; its whole output.
    public func finish() async throws -> Result {
      try await offThePool { try self.finishBlocking() }
    }

    private func finishBlocking() throws -> Result {
      try CLIRunner.result(of: process, output: output, errors: errors, before: buffer)
    }
  }

  /// `stdin`: written at the start and closed; `input`: a pipe the test writes the command's stdin to as
  /// it goes. Without either, stdin is empty.
  public func start(
    _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:], input: Pipe? = nil
  ) throws
    -> Running
  {
    let process = makeProcess(arguments, environment: extra)
    let output = Pipe()
    let errors = Pipe()
    let written = stdin.map { _ in Pipe() }
    let input = input ?? written
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    if let written, let stdin {
      written.fileHandleForWriting.write(Data(stdin.utf8))
      try written.fileHandleForWriting.close()
    }
    return Running(process: process, output: output, errors: errors)
  }
}

extension CLIRunner {
  /// The `authorizationURL` of `sign-in --no-browser --json`'s first line.
  public static func authorizationURL(_ firstLine: Substring?) throws -> URL {
    let line = try #require(firstLine)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return try #require(
      (object["authorizationURL"] as? String).flatMap(URL.init(string:)), "sign-in's first line: \(line)")
  }
}
