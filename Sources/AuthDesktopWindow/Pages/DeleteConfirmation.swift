import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// "Delete this account?" (an `AdwMessageDialog` over the window): names the account and the
/// providers whose grants are revoked with it. Cancel is the default and what Escape or closing
/// answers; only Delete (destructive) calls `onDelete`.
@GLibMainActor
enum DeleteConfirmation {
  static let cancelResponse = "cancel"
  static let deleteResponse = "delete"

  @discardableResult
  static func present(over window: Widget, account: AccountSummary, onDelete: @escaping @GLibMainActor () -> Void)
    -> Widget
  {
    let name = [account.displayName, account.email.map { account.displayName == nil ? $0 : "(\($0))" }]
      .compactMap { $0 }.joined(separator: " ")
    let body = WindowText.deleteBody(
      account: name.isEmpty ? account.uid : name,
      providers: account.providers.filter { $0.providerID != "password" }.map {
        WindowText.providerTitle($0.providerID)
      })
    let dialog = adw_message_dialog_new(glibCast(window, to: GtkWindow.self), WindowText.deleteHeading, body)!
    let message = glibCast(dialog, to: AdwMessageDialog.self)
    adw_message_dialog_add_response(message, cancelResponse, WindowText.cancel)
    adw_message_dialog_add_response(message, deleteResponse, WindowText.deleteConfirm)
    adw_message_dialog_set_response_appearance(message, deleteResponse, ADW_RESPONSE_DESTRUCTIVE)
    adw_message_dialog_set_default_response(message, cancelResponse)
    adw_message_dialog_set_close_response(message, cancelResponse)
    Adw.nameControls(in: dialog)
    GtkSignal.connectResponse(dialog) { response in
      if response == deleteResponse { onDelete() }
    }
    gtk_window_present(glibCast(dialog, to: GtkWindow.self))
    return dialog
  }
}
