import Foundation
import TOMLKit

/// Typed access to one TOML table, with errors that name the file and the key.
struct TableReader {
  let source: String
  /// The table's name as written in the file (`[providers."github.com"]`), empty at the root.
  let path: String

  func error(_ key: String, _ problem: ConfigurationProblem, code: AuthErrorCode = .invalidConfiguration)
    -> AuthError
  {
    .configuration(
      ConfigurationIssue(file: source, table: path.isEmpty ? nil : path, key: key, problem: problem), code: code)
  }

  func onlyKeys(_ allowed: Set<String>, in table: TOMLTable) throws {
    if let unknown = table.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw error(unknown, .unknownKey(allowed: allowed.sorted()))
    }
  }

  func table(_ key: String, in table: TOMLTable) throws -> TOMLTable? {
    guard let value = table[key] else { return nil }
    guard let result = value.table else { throw error(key, .wrongType(expected: .table)) }
    return result
  }

  func string(_ key: String, in table: TOMLTable) throws -> String? {
    guard let value = table[key] else { return nil }
    guard let result = value.string else { throw error(key, .wrongType(expected: .string)) }
    guard !result.isEmpty else { throw error(key, .empty) }
    return result
  }

  func bool(_ key: String, in table: TOMLTable) throws -> Bool? {
    guard let value = table[key] else { return nil }
    guard let result = value.bool else { throw error(key, .wrongType(expected: .boolean)) }
    return result
  }

  func strings(_ key: String, in table: TOMLTable) throws -> [String]? {
    guard let value = table[key] else { return nil }
    guard let array = value.array else { throw error(key, .wrongType(expected: .stringArray)) }
    return try array.map { item in
      guard let text = item.string, !text.isEmpty, !text.contains(" ") else {
        throw error(key, .invalidListItem)
      }
      return text
    }
  }

  /// An absolute https URL (http only on loopback).
  func endpoint(_ key: String, in table: TOMLTable) throws -> URL? {
    guard let text = try string(key, in: table) else { return nil }
    guard let url = URL(string: text), url.scheme != nil, url.host?.isEmpty == false else {
      throw error(key, .notAbsoluteURL)
    }
    guard EndpointPolicy.isAllowed(url) else {
      throw error(key, .insecureURL, code: .insecureEndpoint)
    }
    guard url.query == nil, url.fragment == nil else { throw error(key, .hasQueryOrFragment) }
    return url
  }

  /// A private-use scheme URI or a loopback http URI (RFC 8252 §7.1, §7.3), without query or fragment.
  func redirectURI(_ key: String, in table: TOMLTable) throws -> URL? {
    guard let text = try string(key, in: table) else { return nil }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
      throw error(key, .notAbsoluteURL)
    }
    let isLoopbackHTTP = scheme == "http" && EndpointPolicy.isLoopback(url)
    guard isLoopbackHTTP || ConfigurationLoader.isValidScheme(scheme) else {
      throw error(key, .notARedirectURI)
    }
    guard url.query == nil, url.fragment == nil else { throw error(key, .hasQueryOrFragment) }
    return url
  }
}
