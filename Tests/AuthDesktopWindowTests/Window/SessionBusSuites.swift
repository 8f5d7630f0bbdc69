import AuthDesktopApp
import AuthDesktopKit
import TestSupport
import Testing

/// Suites whose windows own the app's D-Bus name (`dev.authdesktop.AuthDesktop`) on the shared test
/// session bus. Two at once would find each other and forward instead of running, so they run one
/// after the other.
@Suite(.serialized) enum SessionBusSuites {}
