import Foundation

/// The proxy named by the conventional environment variables (`https_proxy`, `http_proxy`, `no_proxy`,
/// either case), as URLSession's `connectionProxyDictionary`.
public struct ProxySettings: Sendable, Equatable {
  public var httpsProxy: URL?
  public var httpProxy: URL?
  public var noProxy: [String]

  public init(environment: [String: String]) {
    func value(_ name: String) -> String? {
      let raw = environment[name] ?? environment[name.uppercased()]
      return raw.flatMap { $0.isEmpty ? nil : $0 }
    }
    func proxyURL(_ text: String?) -> URL? {
      guard let text else { return nil }
      return URL(string: text.contains("://") ? text : "http://\(text)")
    }
    httpsProxy = proxyURL(value("https_proxy"))
    httpProxy = proxyURL(value("http_proxy"))
    noProxy = (value("no_proxy") ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }.filter { !$0.isEmpty }
  }

  /// Whether `host` is excluded by `no_proxy` (exact host, a domain suffix, or `*`).
  public func bypasses(_ host: String) -> Bool {
    let host = host.lowercased()
    return noProxy.contains { entry in
      if entry == "*" { return true }
      let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
      return host == domain || host.hasSuffix("." + domain)
    }
  }

  /// Keys understood by swift-corelibs-foundation (and CFNetwork).
  public var dictionary: [AnyHashable: Any]? {
    var result: [AnyHashable: Any] = [:]
    if let url = httpProxy, let host = url.host {
      result["HTTPEnable"] = true
      result["HTTPProxy"] = host
      result["HTTPPort"] = url.port ?? 80
    }
    if let url = httpsProxy, let host = url.host {
      result["HTTPSEnable"] = true
      result["HTTPSProxy"] = host
      result["HTTPSPort"] = url.port ?? 443
    }
    if !noProxy.isEmpty { result["ExceptionsList"] = noProxy }
    return result.isEmpty ? nil : result
  }
}
