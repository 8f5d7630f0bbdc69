import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation

/// "Continue in your browser" (an `AdwStatusPage`): a spinner while the provider's page is open in the
/// browser, "Copy link" for when no browser opened (or the wrong one did), and Cancel (or Escape,
/// the window's `win.cancel-sign-in`). The spinner only spins while the page can be seen.
@GLibMainActor
final class WaitingPage {
  let root: Widget
  let spinner = VisibleSpinner(size: 48, accessible: WindowText.waitingProgress)
  private let copyButton: Widget
  private var authorizationURL: URL?

  init(onCancel: @escaping @GLibMainActor () -> Void, onCopied: @escaping @GLibMainActor () -> Void) {
    let copyButton = Gtk.button(WindowText.copyLink, accessible: WindowText.copyLinkAccessible, classes: ["pill"])
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, classes: ["pill"], action: onCancel)
    let buttons = Gtk.box(vertical: false, spacing: 12, [copyButton, cancel])
    gtk_box_set_homogeneous(glibCast(buttons, to: GtkBox.self), 1)
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    let hint = Gtk.label(WindowText.escapeHint, classes: ["caption", "dim-label"])
    gtk_widget_set_halign(spinner.widget, GTK_ALIGN_CENTER)
    root = Adw.statusPage(
      icon: nil, title: WindowText.waitingTitle, child: Gtk.box(spacing: 24, [spinner.widget, buttons, hint]))
    authdesktop_accessible_set_label(root, WindowText.waitingPage)
    self.copyButton = copyButton
    GtkSignal.connect(copyButton, "clicked") { [weak self] in
      guard let self else { return }
      self.copyLink()
      onCopied()
    }
  }

  func update(providerTitle: String, authorizationURL: URL) {
    self.authorizationURL = authorizationURL
    Adw.setStatus(root, description: WindowText.waitingBody(providerTitle))
  }

  /// Whether the window shows this page: the spinner spins only then (and while the window is visible).
  func setShown(_ shown: Bool) { spinner.wanted = shown }

  /// Puts the authorization URL on the clipboard, byte for byte (`gdk_clipboard_set_text`).
  private func copyLink() {
    guard let authorizationURL else { return }
    gdk_clipboard_set_text(gtk_widget_get_clipboard(copyButton), authorizationURL.absoluteString)
  }
}
