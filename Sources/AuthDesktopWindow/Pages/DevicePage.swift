import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation

/// "Sign in on another device" (an `AdwStatusPage`, RFC 8628 §3.3): "Open URI on any device and enter
/// CODE", the code in large type with "Copy code", a QR code of the address (with the code in it when
/// the provider allows, §3.3.1) for a phone, and Cancel (or Escape, `win.cancel-sign-in`). The spinner
/// only spins while the page can be seen.
@GLibMainActor
final class DevicePage {
  let root: Widget
  let spinner = VisibleSpinner(size: 24, accessible: WindowText.deviceProgress)
  /// The user code, in large type; its accessible name is the code, described as the code to enter.
  private let code = Gtk.label("", classes: ["title-1", "monospace"])
  private let picture = gtk_picture_new()!
  private let copyButton: Widget
  private var shown: DevicePromptSummary?

  init(onCancel: @escaping @GLibMainActor () -> Void, onCopied: @escaping @GLibMainActor () -> Void) {
    gtk_label_set_selectable(OpaquePointer(code), 1)
    authdesktop_accessible_set_description(code, WindowText.deviceCodeAccessible)
    gtk_widget_set_halign(picture, GTK_ALIGN_CENTER)
    gtk_picture_set_can_shrink(OpaquePointer(picture), 0)
    authdesktop_accessible_set_label(picture, WindowText.deviceQRAccessible)
    let copyButton = Gtk.button(WindowText.copyCode, accessible: WindowText.copyCodeAccessible, classes: ["pill"])
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancelSignIn, classes: ["pill"], action: onCancel)
    let buttons = Gtk.box(vertical: false, spacing: 12, [copyButton, cancel])
    gtk_box_set_homogeneous(glibCast(buttons, to: GtkBox.self), 1)
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(spinner.widget, GTK_ALIGN_CENTER)
    let hint = Gtk.label(WindowText.escapeHint, classes: ["caption", "dim-label"])
    root = Adw.statusPage(
      icon: "phone-symbolic", title: WindowText.deviceTitle,
      child: Gtk.box(spacing: 18, [code, picture, buttons, spinner.widget, hint]))
    // The smaller icon and margins of `.compact`: the page holds the most, and a long language (Turkish)
    // would push the hint below a 720 px window.
    gtk_widget_add_css_class(root, "compact")
    authdesktop_accessible_set_label(root, WindowText.devicePage)
    self.copyButton = copyButton
    GtkSignal.connect(copyButton, "clicked") { [weak self] in
      guard let self, let shown = self.shown else { return }
      gdk_clipboard_set_text(gtk_widget_get_clipboard(self.copyButton), shown.userCode)
      onCopied()
    }
  }

  func update(_ prompt: DevicePromptSummary) {
    guard prompt != shown else { return }
    shown = prompt
    Adw.setStatus(
      root,
      description: WindowText.deviceBody(
        providerTitle: prompt.providerTitle, verificationURI: prompt.verificationURI, userCode: prompt.userCode))
    Gtk.setText(code, prompt.userCode)
    let texture = QRTexture.make(prompt.qrContent)
    gtk_picture_set_paintable(OpaquePointer(picture), texture)
    Gtk.setVisible(picture, texture != nil)
    if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
  }

  /// Whether the window shows this page: the spinner spins only then (and while the window is visible).
  func setShown(_ shown: Bool) { spinner.wanted = shown }
}
