import Foundation
import TOMLKit

/// Typed access to one TOML table, with errors that name the file and the key.
struct TableReader {
  let source: String
  /// The table's name as written in the file (`[providers."github.com"]`), empty at the root.
  let path: String

  func error(_ key: String, _ problem: String) -> AuthError {
    ConfigurationLoader.failure(source, path.isEmpty ? key : "\(path) \(key)", problem)
  }

  func onlyKeys(_ allowed: Set<String>, in table: TOMLTable) throws {
    if let unknown = table.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw error(unknown, "unknown key (allowed: \(allowed.sorted().joined(separator: ", ")))")
    }
  }

  func table(_ key: String, in table: TOMLTable) throws -> TOMLTable? {
    guard let value = table[key] else { return nil }
    guard let result = value.table else { throw error(key, "must be a table") }
    return result
  }

  func string(_ key: String, in table: TOMLTable) throws -> String? {
    guard let value = table[key] else { return nil }
    guard let result = value.string else { throw error(key, "must be a string") }
    guard !result.isEmpty else { throw error(key, "must not be empty") }
    return result
  }

  func bool(_ key: String, in table: TOMLTable) throws -> Bool? {
    guard let value = table[key] else { return nil }
    guard let result = value.bool else { throw error(key, "must be true or false") }
    return result
  }

  func strings(_ key: String, in table: TOMLTable) throws -> [String]? {
    guard let value = table[key] else { return nil }
    guard let array = value.array else { throw error(key, "must be an array of strings") }
    return try array.map { item in
      guard let text = item.string, !text.isEmpty, !text.contains(" ") else {
        throw error(key, "must be an array of non-empty strings without spaces")
      }
      return text
    }
  }

  /// An absolute https URL (http only on loopback).
  func endpoint(_ key: String, in table: TOMLTable) throws -> URL? {
    guard let text = try string(key, in: table) else { return nil }
    guard let url = URL(string: text), url.scheme != nil, url.host?.isEmpty == false else {
      throw error(key, "must be an absolute URL")
    }
    guard EndpointPolicy.isAllowed(url) else {
      throw AuthError(
        .insecureEndpoint, origin: .configuration,
        detail: "\(source): \(path) \(key): must use https (http is allowed only on 127.0.0.1/localhost)")
    }
    guard url.query == nil, url.fragment == nil else { throw error(key, "must not have a query or fragment") }
    return url
  }

  /// A private-use scheme URI or a loopback http URI (RFC 8252 §7.1, §7.3), without query or fragment.
  func redirectURI(_ key: String, in table: TOMLTable) throws -> URL? {
    guard let text = try string(key, in: table) else { return nil }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
      throw error(key, "must be an absolute URI")
    }
    let isLoopbackHTTP = scheme == "http" && EndpointPolicy.isLoopback(url)
    guard isLoopbackHTTP || ConfigurationLoader.isValidScheme(scheme) else {
      throw error(key, "must use the app's URI scheme or http://127.0.0.1 (RFC 8252 §7)")
    }
    guard url.query == nil, url.fragment == nil else { throw error(key, "must not have a query or fragment") }
    return url
  }
}
