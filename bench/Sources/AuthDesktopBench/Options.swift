import Foundation

/// `COMMAND --name value ...`: just enough argument parsing for a tool that only bench/run calls.
struct Options {
  let command: String
  private var values: [String: String] = [:]

  init(_ arguments: ArraySlice<String>) {
    command = arguments.first ?? ""
    var rest = arguments.dropFirst()
    while let name = rest.popFirst() {
      guard name.hasPrefix("--"), let value = rest.popFirst() else { continue }
      values[String(name.dropFirst(2))] = value
    }
  }

  func string(_ name: String) throws -> String {
    guard let value = values[name] else { throw BenchError("missing --\(name)") }
    return value
  }

  func string(_ name: String, default fallback: String) -> String { values[name] ?? fallback }

  func int(_ name: String, _ fallback: Int) -> Int { values[name].flatMap { Int($0) } ?? fallback }

  func url(_ name: String) throws -> URL {
    guard let url = URL(string: try string(name)) else { throw BenchError("--\(name) is not a URL") }
    return url
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Wall-clock milliseconds of `body` (the continuous clock, as the tests' ScaleTests use).
func milliseconds<T>(_ body: () async throws -> T) async rethrows -> (Double, T) {
  let start = ContinuousClock.now
  let value = try await body()
  let elapsed = ContinuousClock.now - start
  return (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15, value)
}
