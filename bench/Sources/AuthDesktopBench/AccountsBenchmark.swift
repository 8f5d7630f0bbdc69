import AuthEngine
import Foundation
import GRDB
import ScaleSeeding

/// Several signed-in users (issue 27's speed): listing them (`Auth.signedInUsers()`) and choosing one
/// by email (`Auth.chooseUser`, what `--account` does), in-process, with 1 and with 1,000 users signed
/// in (`ScaleSeeding`, a session each). Each data dir is left behind for bench/run to time the real
/// `auth-desktop accounts --json`, `status --json --account` and `token --account` processes on it.
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
      let auth = try ScaleBenchmark.offlineAuth(
        on: database, secrets: FileSecretStore(dataDirectory: dataDirectory))
      let target = count / 2
      // The chosen user signed in again with a GitHub token that does not expire, in the data dir's
      // file secret store, for bench/run's `token github.com --account EMAIL` process.
      _ = try await auth.signIn(
        with: ScaleBenchmark.result("github.com", "bulk-\(target)", email: "bulk\(target)@example.com"))
      let scale = ScaleBenchmark(directory: directory, counts: [], iterations: iterations, warmup: warmup)
      let list = try await scale.samples {
        guard try await auth.signedInUsers().users.count == count else { throw BenchError("wrong list") }
      }
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
