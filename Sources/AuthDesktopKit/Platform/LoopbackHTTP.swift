/// One request as the loopback server saw it. `path` and `query` are the request target's, still
/// percent-encoded; libsoup parses it with GUri, which applies RFC 3986 §6.2.2 normalisation
/// (uppercase percent-encoding hex, unreserved characters decoded) and answers 400 to malformed ones.
struct LoopbackRequest: Sendable {
  var method: String
  var path: String
  var query: String?
}

/// What the loopback server answers.
struct LoopbackResponse: Sendable {
  var status: UInt32
  var contentType: String
  var body: [UInt8]
  var headers: [(name: String, value: String)] = []

  static func text(_ status: UInt32, _ text: String, headers: [(name: String, value: String)] = []) -> Self {
    LoopbackResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), headers: headers)
  }
}

/// Handles one request on the server's GLib thread. It must not block.
typealias LoopbackHandler = @Sendable (LoopbackRequest) -> LoopbackResponse
