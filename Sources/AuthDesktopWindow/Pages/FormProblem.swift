import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The line under an email form that says what is wrong with what was typed ("The password is wrong.",
/// "The email address is already used by another account."), in the theme's error colour. Hidden
/// when there is nothing to say.
@GLibMainActor
final class FormProblem {
  let label = Gtk.label("", classes: ["error"])

  init() {
    Gtk.setVisible(label, false)
  }

  func show(_ problem: WindowProblem?) {
    if let problem { Gtk.setText(label, problem.body) }
    Gtk.setVisible(label, problem != nil)
  }
}
