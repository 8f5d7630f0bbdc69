import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// A failure as an `AdwStatusPage`: the title says what happened, the description what, where and
/// what to do (`UserFacingError`), then where once more on its own, selectable (the configuration file
/// and setting, or the port), and the page's buttons. Two pages use it: the error page of a failed action (Back) and the start-up error page
/// (Retry and Quit, through the app's actions; nothing there can start a sign-in).
@GLibMainActor
final class ProblemPage {
  /// A button at the bottom: a label, its accessible name, and either an action name (`app.quit`) or a handler.
  struct Button {
    var label: String
    var accessible: String
    var actionName: String?
    var handler: (@GLibMainActor () -> Void)?
    var suggested = false
  }

  let root: Widget
  private let locationBox: Widget
  private let location = Gtk.label("", classes: ["monospace", "caption"])

  init(accessible: String, buttons: [Button]) {
    gtk_label_set_selectable(OpaquePointer(location), 1)
    gtk_label_set_wrap_mode(OpaquePointer(location), PANGO_WRAP_WORD_CHAR)
    locationBox = Gtk.box(spacing: 6, [Gtk.label(WindowText.problemWhere, classes: ["heading"]), location])
    let row = Gtk.box(vertical: false, spacing: 12, buttons.map(Self.button))
    gtk_box_set_homogeneous(glibCast(row, to: GtkBox.self), 1)
    gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
    root = Adw.statusPage(
      icon: "dialog-error-symbolic", title: "", child: Adw.clamp(Gtk.box(spacing: 18, [locationBox, row])))
    authdesktop_accessible_set_label(root, accessible)
  }

  func update(_ problem: WindowProblem) {
    Adw.setStatus(root, title: problem.title, description: problem.body, icon: Self.icon(for: problem))
    if let text = problem.location {
      Gtk.setText(location, text)
      authdesktop_accessible_set_label(location, WindowText.problemLocation(text))
    }
    Gtk.setVisible(locationBox, problem.location != nil)
  }

  /// The status page's icon: what kind of trouble it is, at a glance.
  static func icon(for problem: WindowProblem) -> String {
    switch problem.code {
    case .webContextCancelled, .timeout: "action-unavailable-symbolic"
    case .networkRequestFailed: "network-offline-symbolic"
    case _ where problem.location != nil: "dialog-warning-symbolic"
    default: "dialog-error-symbolic"
    }
  }

  private static func button(_ button: Button) -> Widget {
    let widget = Gtk.button(
      button.label, accessible: button.accessible, classes: button.suggested ? ["suggested-action", "pill"] : ["pill"],
      action: button.handler)
    if let name = button.actionName { gtk_actionable_set_action_name(OpaquePointer(widget), name) }
    return widget
  }
}
