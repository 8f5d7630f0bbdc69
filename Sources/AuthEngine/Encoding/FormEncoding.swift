import Foundation

/// Ordered name/value pairs, as in a query string or an `application/x-www-form-urlencoded` body.
public struct FormParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  public var pairs: [(name: String, value: String)]

  public init(_ pairs: [(name: String, value: String)] = []) { self.pairs = pairs }
  public init(dictionaryLiteral elements: (String, String)...) { pairs = elements.map { ($0.0, $0.1) } }

  public static func == (lhs: FormParameters, rhs: FormParameters) -> Bool {
    lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
  }

  public mutating func append(_ name: String, _ value: String?) {
    if let value { pairs.append((name, value)) }
  }

  /// The first value for `name`.
  public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

  public func count(of name: String) -> Int { pairs.filter { $0.name == name }.count }

  /// Encoded with RFC 3986 unreserved characters only (spaces as `%20`).
  public var encoded: String {
    pairs.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
  }

  /// Parses a query string or form body; `+` is a space. Nil when an escape is malformed.
  public static func parse(_ text: some StringProtocol) -> FormParameters? {
    var result = FormParameters()
    for field in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = PercentEncoding.decode(parts[0], plusAsSpace: true),
        let value = PercentEncoding.decode(parts.count > 1 ? parts[1] : "", plusAsSpace: true)
      else { return nil }
      result.pairs.append((name, value))
    }
    return result
  }

  /// The decoded query of `url` (empty when it has none).
  public static func query(of url: URL) -> FormParameters? {
    guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
      return FormParameters()
    }
    return parse(query)
  }
}

extension URL {
  /// This URL with `parameters` appended to its query, encoded per RFC 3986.
  public func appendingQuery(_ parameters: FormParameters) -> URL {
    guard !parameters.pairs.isEmpty, var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
    else { return self }
    let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
    components.percentEncodedQuery = existing + parameters.encoded
    return components.url ?? self
  }
}
