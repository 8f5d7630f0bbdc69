import AuthDesktopApp
import AuthEngine
import Foundation

/// What the device page shows of a device sign-in (RFC 8628 §3.3): where to go, the code to enter
/// there, and the address its QR code carries — `verification_uri_complete` when the provider sends
/// one (§3.3.1), else the plain verification URI.
struct DevicePromptSummary: Sendable, Equatable {
  var providerTitle: String
  var verificationURI: URL
  var userCode: String
  var qrContent: String

  init(providerTitle: String, verificationURI: URL, userCode: String, qrContent: String? = nil) {
    self.providerTitle = providerTitle
    self.verificationURI = verificationURI
    self.userCode = userCode
    self.qrContent = qrContent ?? verificationURI.absoluteString
  }

  init(providerTitle: String, prompt: DeviceAuthorizationPrompt) {
    self.init(
      providerTitle: providerTitle, verificationURI: prompt.verificationURI, userCode: prompt.userCode,
      qrContent: (prompt.verificationURIComplete ?? prompt.verificationURI).absoluteString)
  }
}
