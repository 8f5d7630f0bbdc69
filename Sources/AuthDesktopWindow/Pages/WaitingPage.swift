import AuthDesktopKit
import AuthDesktopShared
import CGtk
import Foundation

/// "Continue in your browser": a spinner while the provider's page is open in the browser, "Copy
/// link" for when no browser opened (or the wrong one did), and Cancel.
@GLibMainActor
final class WaitingPage {
  let root: Widget
  private let body: Widget
  private let spinner: Widget
  private let copyButton: Widget
  private var authorizationURL: URL?

  init(onCancel: @escaping @GLibMainActor () -> Void) {
    spinner = gtk_spinner_new()
    gtk_widget_set_size_request(spinner, 48, 48)
    gtk_widget_set_margin_bottom(spinner, 12)
    authdesktop_accessible_set_label(spinner, WindowText.waitingProgress)
    body = Gtk.label("")
    let copyButton = Gtk.button(WindowText.copyLink, accessible: WindowText.copyLinkAccessible)
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, action: onCancel)
    let buttons = Gtk.box(vertical: false, spacing: 12, [copyButton, cancel])
    gtk_box_set_homogeneous(glibCast(buttons, to: GtkBox.self), 1)
    gtk_widget_set_margin_top(buttons, 12)
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    root = Gtk.page(
      accessible: WindowText.waitingPage,
      [spinner, Gtk.label(WindowText.waitingTitle, classes: ["title-1"]), body, buttons])
    self.copyButton = copyButton
    GtkSignal.connect(copyButton, "clicked") { [weak self] in self?.copyLink() }
  }

  func update(providerTitle: String, authorizationURL: URL) {
    self.authorizationURL = authorizationURL
    Gtk.setText(body, WindowText.waitingBody(providerTitle))
    setCopyLabel(WindowText.copyLink, accessible: WindowText.copyLinkAccessible)
    gtk_spinner_start(OpaquePointer(spinner))
  }

  /// Stops the spinner when the page is left (a spinning, hidden spinner still costs redraws).
  func stop() {
    gtk_spinner_stop(OpaquePointer(spinner))
  }

  /// Puts the authorization URL on the clipboard, byte for byte (`gdk_clipboard_set_text`).
  private func copyLink() {
    guard let authorizationURL else { return }
    gdk_clipboard_set_text(gtk_widget_get_clipboard(copyButton), authorizationURL.absoluteString)
    setCopyLabel(WindowText.linkCopied, accessible: WindowText.linkCopied)
  }

  /// `gtk_button_set_label` also replaces the accessible name, so it is set again after it.
  private func setCopyLabel(_ text: String, accessible: String) {
    gtk_button_set_label(glibCast(copyButton, to: GtkButton.self), text)
    authdesktop_accessible_set_label(copyButton, accessible)
  }
}
