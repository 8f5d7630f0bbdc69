import Foundation
import TOMLKit

extension ConfigurationLoader {
  static let accountRuleKeys: Set<String> = ["directory", "remote", "account"]

  /// `[[accounts]]`: each table names the account for work in or under `directory`, or for git's
  /// repositories under `remote` (one of the two). The directory is absolute or under the home
  /// directory (`~/…`), without wildcards; the remote is `HOST[:PORT][/PATH]` (`GitRemote`). Two rules
  /// for one directory or one remote are an error, as is an account named `PROVIDER:LOGIN` for a
  /// provider the table does not have.
  static func readAccountRules(
    _ value: TOMLValueConvertible, source: String, providers: ProviderTable, environment: [String: String]
  ) throws -> [AccountRule] {
    guard let array = value.array else {
      throw TableReader(source: source, path: "").error("accounts", .wrongType(expected: .tableArray))
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    var rules: [AccountRule] = []
    for (offset, item) in array.enumerated() {
      let reader = TableReader(source: source, path: "[[accounts]] #\(offset + 1)")
      guard let table = item.table else { throw reader.error("accounts", .wrongType(expected: .table)) }
      try reader.onlyKeys(accountRuleKeys, in: table)
      let (directory, remote) = (try reader.string("directory", in: table), try reader.string("remote", in: table))
      guard (directory == nil) != (remote == nil) else {
        throw reader.error(directory == nil ? "directory" : "remote", .directoryOrRemote)
      }
      guard let account = try reader.string("account", in: table) else { throw reader.error("account", .required) }
      if let colon = account.firstIndex(of: ":"), !account[..<colon].contains("@") {
        let provider = String(account[..<colon])
        guard providers.contains(provider) else {
          throw reader.error("account", .unknownProvider(known: providers.idTemplates))
        }
        guard account.index(after: colon) < account.endIndex else { throw reader.error("account", .empty) }
      }
      if let remote {
        guard let normalized = GitRemote.normalized(remote) else { throw reader.error("remote", .notARemote) }
        if let first = rules.first(where: { $0.remote == normalized }) {
          throw reader.error("remote", .repeatedRemote(firstIndex: first.index))
        }
        rules.append(AccountRule(remote: normalized, account: account, index: offset + 1))
      } else if let directory {
        guard let path = expandedDirectory(directory, home: home) else {
          throw reader.error("directory", .notADirectory)
        }
        if let first = rules.first(where: { $0.path == path }) {
          throw reader.error("directory", .repeatedDirectory(firstIndex: first.index))
        }
        rules.append(AccountRule(directory: directory, path: path, account: account, index: offset + 1))
      }
    }
    return rules
  }

  /// `/abs/dir` or `~/dir` (`~` alone: the home directory), normalized without `.`, `..` or a trailing
  /// `/`; nil for a relative path, one with a wildcard (`*`, `?`, `[`) or a control character.
  static func expandedDirectory(_ directory: String, home: String) -> String? {
    guard !directory.contains(where: { "*?[\\".contains($0) || $0.asciiValue.map { $0 < 0x20 } == true }) else {
      return nil
    }
    let absolute: String
    if directory == "~" {
      absolute = home
    } else if directory.hasPrefix("~/") {
      absolute = home + directory.dropFirst(1)
    } else if directory.hasPrefix("/") {
      absolute = directory
    } else {
      return nil
    }
    var parts: [Substring] = []
    for part in absolute.split(separator: "/") where part != "." {
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
