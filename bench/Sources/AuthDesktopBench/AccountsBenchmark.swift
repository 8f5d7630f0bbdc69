import AuthEngine
import Foundation
import GRDB
import ScaleSeeding

/// Several signed-in users (issue 27's speed): listing them (`Auth.signedInUsers()`) and choosing one
/// by email (`Auth.chooseUser`, what `--account` does), in-process, with 1 and with 1,000 users signed
/// in (`ScaleSeeding`, a session each). Each data dir is left behind for bench/run to time the real
/// `auth-desktop accounts --json` and `status --json --account` processes on it.
struct AccountsBenchmark {
  let directory: URL
  let counts: [Int]
  let iterations: Int
  let warmup: Int

  func run() async throws -> [String: Any] {
    var rows: [[String: Any]] = []
    for count in counts {
      let dataDirectory = directory.appendingPathComponent("signed-in-\(count)")
      try? FileManager.default.removeItem(at: dataDirectory)
      let database = try AuthDatabase(directory: dataDirectory)
      try await ScaleSeeding.populate(database.queue, count: count, signedIn: count)
      let auth = try ScaleBenchmark.offlineAuth(on: database)
      let scale = ScaleBenchmark(directory: directory, counts: [], iterations: iterations, warmup: warmup)
      let list = try await scale.samples {
        guard try await auth.signedInUsers().users.count == count else { throw BenchError("wrong list") }
      }
      let target = count / 2
      let choose = try await scale.samples {
        let choice = try await auth.chooseUser(AccountRequest(explicit: "bulk\(target)@example.com"))
        guard choice.user.uid == "bulk-uid-\(target)" else { throw BenchError("wrong user") }
      }
      rows.append([
        "count": count, "list_ms": list, "choose_ms": choose, "data_dir": dataDirectory.path,
        "account": "bulk\(target)@example.com",
      ])
    }
    return ["accounts": rows]
  }
}
