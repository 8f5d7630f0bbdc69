import Foundation

/// Values a `@Sendable` closure records (a trace, a transport) for the test to read afterwards.
final class Recorded<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Value] = []
  var values: [Value] { lock.withLock { list } }
  func record(_ value: Value) { lock.withLock { list.append(value) } }
}
