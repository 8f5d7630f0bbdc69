import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import CAdwaita
import CGtk

/// The window's actions (`win.…`): the About window, Back on the error page, cancelling a waiting
/// sign-in, which Escape triggers (also Back from "Add account" and Connected apps), Connected apps, and
/// signing in on another device. `cancel-sign-in` is enabled only
/// while the waiting or device page shows, so Escape means nothing elsewhere; `device-sign-in` only on
/// the sign-in page.
extension MainWindow {
  static let deviceSignInAction = "device-sign-in"
  /// The main menu's Connected Apps (on the signed-in page only).
  static let connectedAppsAction = "connected-apps"

  func addActions() {
    addAction("about") { [weak self] in
      guard let self else { return }
      AboutWindow.present(over: self.window)
    }
    addAction("dismiss-error") { [model] in model.dismissError() }
    cancelAction = addAction("cancel-sign-in") { [model] in model.cancelSignIn() }
    connectedAppsAction = addAction(Self.connectedAppsAction) { [model] in model.showConnectedApps() }
    // The main menu's "Sign In on Another Device" items: the parameter is the provider id.
    let device = withVariantType("s") { g_simple_action_new(Self.deviceSignInAction, $0) }!
    GtkSignal.connectStringAction(UnsafeMutableRawPointer(device)) { [model] in
      model.signInOnAnotherDevice(providerID: $0)
    }
    g_action_map_add_action(OpaquePointer(window), device)
    g_object_unref(UnsafeMutableRawPointer(device))
    deviceAction = device

    let controller = gtk_shortcut_controller_new()!
    let shortcut = gtk_shortcut_new(
      gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("win.cancel-sign-in"))
    gtk_shortcut_controller_add_shortcut(controller, shortcut)
    gtk_widget_add_controller(window, controller)
  }

  @discardableResult
  private func addAction(_ name: String, _ handler: @escaping GtkSignal.Handler) -> OpaquePointer {
    let action = g_simple_action_new(name, nil)!
    GtkSignal.connectAction(UnsafeMutableRawPointer(action), handler)
    g_action_map_add_action(OpaquePointer(window), action)
    g_object_unref(UnsafeMutableRawPointer(action))  // the window holds it
    return action
  }
}
