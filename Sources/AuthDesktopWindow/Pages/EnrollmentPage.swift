import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// "Add an authenticator app" (an `AdwStatusPage`): the TOTP key's QR code (libqrencode, `QRTexture`)
/// and the key in groups of four (selectable), a field for the code the app then shows (Enter adds),
/// what was wrong with the last code, "Add authenticator" and Cancel.
@GLibMainActor
final class EnrollmentPage {
  let root: Widget
  private let picture = gtk_picture_new()!
  private let key = Gtk.label("", classes: ["monospace"])
  private let code: Widget
  private let problem = FormProblem()
  private var shown: EnrollmentPrompt?

  init(onAdd: @escaping @GLibMainActor (_ code: String) -> Void, onCancel: @escaping @GLibMainActor () -> Void) {
    gtk_widget_set_halign(picture, GTK_ALIGN_CENTER)
    gtk_picture_set_can_shrink(OpaquePointer(picture), 0)
    authdesktop_accessible_set_label(picture, WindowText.enrollQRAccessible)
    gtk_label_set_selectable(OpaquePointer(key), 1)
    authdesktop_accessible_set_description(key, WindowText.enrollKeyAccessible)
    let code = Adw.entryRow(title: WindowText.secondFactorCode)
    adw_entry_row_set_input_purpose(glibCast(code, to: AdwEntryRow.self), GTK_INPUT_PURPOSE_DIGITS)
    let submit: @GLibMainActor () -> Void = { onAdd(Gtk.text(of: code)) }
    GtkSignal.connect(code, "entry-activated", submit)
    let add = Gtk.button(
      WindowText.enrollConfirm, accessible: WindowText.enrollConfirmAccessible, classes: ["suggested-action", "pill"],
      action: submit)
    let cancel = Gtk.button(WindowText.cancel, accessible: WindowText.cancel, classes: ["pill"], action: onCancel)
    root = Adw.statusPage(
      icon: nil, title: WindowText.enrollTitle, description: WindowText.enrollBody,
      child: Adw.clamp(
        Gtk.box(spacing: 12, [picture, key, Adw.group(title: nil, [code]), problem.label, add, cancel]), width: 360))
    gtk_widget_add_css_class(root, "compact")
    authdesktop_accessible_set_label(root, WindowText.enrollPage)
    self.code = code
  }

  func update(_ prompt: EnrollmentPrompt) {
    problem.show(prompt.problem)
    gtk_editable_set_text(OpaquePointer(code), "")
    guard prompt.otpauthURI != shown?.otpauthURI else { return }
    shown = prompt
    Gtk.setText(key, prompt.groupedKey)
    // Three pixels a module: the key's URI makes a larger symbol than the device page's address.
    let texture = QRTexture.make(prompt.otpauthURI, scale: 3)
    gtk_picture_set_paintable(OpaquePointer(picture), texture)
    Gtk.setVisible(picture, texture != nil)
    if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
  }
}
