import Foundation
import Testing

/// Runs the built `auth-desktop` binary (next to the test bundle) in a private config and data dir.
struct CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]) ?? [:]
    }
  }

  static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("auth-desktop")

  let root = FileManager.default.temporaryDirectory.appendingPathComponent("auth-cli-\(UUID().uuidString)")
  var configFile: URL { root.appendingPathComponent("config.toml") }
  var dataDirectory: URL { root.appendingPathComponent("data") }

  /// `configuration` is written to the config file; secrets go to files so no keyring is needed.
  init(configuration: String = "") throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data(("[app]\nsecret_store = \"file\"\n" + configuration).utf8).write(to: configFile)
  }

  /// `auth-desktop ARGUMENTS` with this runner's config file and data dir.
  func makeProcess(_ arguments: [String], environment extra: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["AUTH_DESKTOP_CONFIG"] = configFile.path
    environment["AUTH_DESKTOP_DATA_DIR"] = dataDirectory.path
    process.environment = environment.merging(extra) { $1 }
    return process
  }

  func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
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
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}

extension CLIRunner {
  /// A command left running: its first stdout line can be read while it waits.
  final class Running: @unchecked Sendable {
    let process: Process
    let output: Pipe
    let errors: Pipe
    private var buffer = Data()

    init(process: Process, output: Pipe, errors: Pipe) {
      self.process = process
      self.output = output
      self.errors = errors
    }

    func firstLine() throws -> Substring? {
      while !buffer.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        buffer += chunk
      }
      return String(decoding: buffer, as: UTF8.self).split(separator: "\n").first
    }

    func finish() -> Result {
      let rest = output.fileHandleForReading.readDataToEndOfFile()
      let err = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus, stdout: String(decoding: buffer + rest, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self))
    }
  }

  func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Running {
    let process = makeProcess(arguments, environment: extra)
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return Running(process: process, output: output, errors: errors)
  }
}
