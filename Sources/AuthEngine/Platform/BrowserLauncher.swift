import Foundation

/// Opens a URL in the user's browser. The real implementation (GIO's default handler) lives in the
/// app shell; it throws when no browser could be started so the UI can offer "copy link".
public protocol BrowserLauncher: Sendable {
  func open(_ url: URL) async throws
}

/// Records what would have been opened.
public actor RecordingBrowserLauncher: BrowserLauncher {
  public private(set) var opened: [URL] = []
  public init() {}
  public func open(_ url: URL) { opened.append(url) }
}
